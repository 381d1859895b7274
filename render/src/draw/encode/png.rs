//! The PNG file: scanlines deflated into segments of one zlib stream, and the chunks.

use super::deflate::{self, Effort};
use super::quantise::rgb_bytes;

/// Scanlines `lines[start..]` compressed as raw deflate (`lines[..start]` is history: the
/// row before them, sent by the piece before): the end of the zlib stream when `last`,
/// otherwise ending on a byte boundary for the next piece.
pub(super) fn compress(
    lines: &[u8],
    start: usize,
    row: usize,
    last: bool,
    effort: Effort,
) -> Segment {
    let own = &lines[start..];
    let adler = zlib_rs::adler32::adler32(1, own);
    let len = own.len() as u64;
    let mut out = Vec::with_capacity(own.len() / 16 + 64);
    deflate::compress(lines, start, row, last, effort, &mut out);
    Segment {
        deflate: out,
        adler,
        len,
    }
}

/// A piece of the image's zlib stream: raw deflate bytes and the Adler-32 and length of
/// what they hold.
pub(super) struct Segment {
    deflate: Vec<u8>,
    adler: u32,
    len: u64,
}

/// The PNG file: signature, header, palette, the zlib stream of `segments`, end.
pub(super) fn png(width: u32, height: u32, palette: &[u32], segments: &[Segment]) -> Vec<u8> {
    let body: usize = segments.iter().map(|s| s.deflate.len()).sum();
    let mut out = Vec::with_capacity(body + palette.len() * 3 + 128);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    // 8 bits per index, colour type 3 (palette), deflate, adaptive filters, no interlace.
    ihdr.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", &rgb_bytes(palette));
    let mut idat = Vec::with_capacity(body + 6);
    // zlib header: deflate with a 32 KiB window, default level (0x789C is a multiple of 31).
    idat.extend_from_slice(&[0x78, 0x9C]);
    let mut adler = 1;
    for s in segments {
        idat.extend_from_slice(&s.deflate);
        adler = zlib_rs::adler32::adler32_combine(adler, s.adler, s.len);
    }
    idat.extend_from_slice(&adler.to_be_bytes());
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Appends one PNG chunk: length, type, data, CRC of type and data.
pub(super) fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = zlib_rs::crc32::crc32(zlib_rs::crc32::crc32(0, kind), data);
    out.extend_from_slice(&crc.to_be_bytes());
}

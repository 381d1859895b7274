//! The PNG file: scanlines deflated into segments of one zlib stream, and the chunks.

use super::buffers::{BYTES, give_deflate, take_deflate};
use super::quantise::rgb_bytes;

/// Scanlines compressed as raw deflate: the end of the zlib stream when `last`, otherwise
/// flushed to a byte boundary for the next piece. `lines` goes back to the buffer pool.
pub(super) fn compress(lines: Vec<u8>, level: u8, last: bool) -> Segment {
    let adler = zlib_rs::adler32::adler32(1, &lines);
    let bound = zlib_rs::compress_bound(lines.len()) + 64;
    // Deflate writes before it reads, so a pooled buffer is used as it comes, without
    // zeroing (only a short one is lengthened).
    let mut buf = BYTES.take(bound);
    if buf.len() < bound {
        buf.resize(bound, 0);
    }
    let mut deflate = take_deflate(level);
    let flush = if last {
        zlib_rs::DeflateFlush::Finish
    } else {
        zlib_rs::DeflateFlush::SyncFlush
    };
    let status = deflate
        .compress(&lines, &mut buf[..bound], flush)
        .expect("deflate into a buffer of compress_bound size");
    assert!(
        deflate.total_in() == lines.len() as u64 && (!last || status == zlib_rs::Status::StreamEnd),
        "deflate stopped short: {status:?}"
    );
    let out = buf[..deflate.total_out() as usize].to_vec();
    give_deflate(level, deflate);
    BYTES.give(buf);
    let len = lines.len() as u64;
    BYTES.give(lines);
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

//! A seed's public commitment: every game of every kind draws its chance from a secret
//! seed, and shows its SHA-256 from the start, so anyone can check the seed revealed at
//! the end (Labscape's rules §12, \[D8\]; the other games' records do the same).

use sha2::{Digest, Sha256};

/// The SHA-256 commitment of a seed (or of any text), as lowercase hex.
pub fn commitment(seed: &str) -> String {
    hex(&Sha256::digest(seed.as_bytes()))
}

/// Bytes as lowercase hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn commitment_is_sha256_hex() {
        assert_eq!(
            super::commitment("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

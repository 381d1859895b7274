//! Huffman codes of limited length, as deflate wants them: code lengths from symbol
//! counts, and the canonical codes of those lengths, bit-reversed for [`super::bits`].

/// The code length of every symbol of `freq` (0 for a symbol never used), none longer than
/// `limit`. Always at least two codes (a lone symbol gets a partner of the same length), so
/// the code is complete, which every inflater accepts. Where the best code is too deep, the
/// counts are halved (none below 1) and the code built again: a few per cent of size on the
/// rare block that needs it, and simple to trust.
pub(super) fn code_lengths(freq: &[u32], limit: u8, lens: &mut [u8]) {
    debug_assert_eq!(freq.len(), lens.len());
    lens.fill(0);
    let mut leaves: Vec<(u32, u16)> = freq
        .iter()
        .enumerate()
        .filter(|&(_, &f)| f > 0)
        .map(|(s, &f)| (f, s as u16))
        .collect();
    match leaves.len() {
        0 => {
            lens[0] = 1;
            lens[1] = 1;
            return;
        }
        1 => {
            let s = usize::from(leaves[0].1);
            lens[s] = 1;
            lens[if s == 0 { 1 } else { 0 }] = 1;
            return;
        }
        _ => {}
    }
    loop {
        leaves.sort_unstable();
        let depths = depths(&leaves);
        if depths.iter().all(|&d| d <= limit) {
            for (&(_, s), &d) in leaves.iter().zip(&depths) {
                lens[usize::from(s)] = d;
            }
            return;
        }
        for leaf in &mut leaves {
            leaf.0 = (leaf.0 >> 1).max(1);
        }
    }
}

/// The depth of each leaf of the Huffman tree of `leaves` (sorted by count), built with two
/// queues: the leaves in order, and the inner nodes as they are made (which come out in
/// order of weight too).
fn depths(leaves: &[(u32, u16)]) -> Vec<u8> {
    let m = leaves.len();
    let mut weight: Vec<u64> = Vec::with_capacity(2 * m - 1);
    weight.extend(leaves.iter().map(|&(f, _)| u64::from(f)));
    let mut parent = vec![0usize; 2 * m - 1];
    let (mut leaf, mut inner) = (0, m);
    let mut pick = |weight: &Vec<u64>| {
        if leaf < m && (inner >= weight.len() || weight[leaf] <= weight[inner]) {
            leaf += 1;
            leaf - 1
        } else {
            inner += 1;
            inner - 1
        }
    };
    for _ in 0..m - 1 {
        let a = pick(&weight);
        let b = pick(&weight);
        let node = weight.len();
        weight.push(weight[a] + weight[b]);
        parent[a] = node;
        parent[b] = node;
    }
    // Every node's parent was made after it: depths from the root (made last) down.
    let mut depth = vec![0u8; 2 * m - 1];
    for k in (0..2 * m - 2).rev() {
        depth[k] = depth[parent[k]] + 1;
    }
    depth.truncate(m);
    depth
}

/// The canonical code of each length in `lens`, bit-reversed so it can be written least
/// significant bit first.
pub(super) fn codes(lens: &[u8], codes: &mut [u16]) {
    let mut count = [0u16; 16];
    for &l in lens {
        count[usize::from(l)] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (c, &l) in codes.iter_mut().zip(lens) {
        if l > 0 {
            let n = &mut next[usize::from(l)];
            *c = n.reverse_bits() >> (16 - u32::from(l));
            *n += 1;
        } else {
            *c = 0;
        }
    }
}

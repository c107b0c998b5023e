//! Scans over a byte a tile: the generator's passes that test every tile write one byte each
//! (a loop the compiler turns into vector operations, where gathering bits a tile at a time
//! kept it scalar), and the few tiles that pass are found eight bytes at a time.

/// Calls `found` with the index of every byte of `bytes` that is not nought, in order. Eight
/// bytes are read as one word and a word of noughts is passed over whole.
pub(crate) fn each_set(bytes: &[u8], mut found: impl FnMut(usize)) {
    let mut words = bytes.chunks_exact(8);
    for (k, eight) in words.by_ref().enumerate() {
        let mut word = u64::from_le_bytes(eight.try_into().expect("chunks of eight"));
        while word != 0 {
            let byte = word.trailing_zeros() / 8;
            found(k * 8 + byte as usize);
            word &= !(0xff << (byte * 8));
        }
    }
    let rest = bytes.len() - words.remainder().len();
    for (j, &b) in words.remainder().iter().enumerate() {
        if b != 0 {
            found(rest + j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_set_byte_in_order_whatever_its_value_and_the_length() {
        for len in [0, 1, 7, 8, 9, 16, 63, 64, 65, 100] {
            let bytes: Vec<u8> = (0..len)
                .map(|i: usize| [0, 1, 0, 0, 255, 0, 2][(i * 5 + len) % 7])
                .collect();
            let mut seen = Vec::new();
            each_set(&bytes, |i| seen.push(i));
            let plain: Vec<usize> = (0..len).filter(|&i| bytes[i] != 0).collect();
            assert_eq!(seen, plain, "length {len}");
        }
    }
}

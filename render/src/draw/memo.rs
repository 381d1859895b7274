//! Process-wide memo tables for drawing (glyph masks, sprites, corner masks): each entry is
//! computed once and then read by every image, and by both bands of one image at the same
//! time, so the table sits behind a read-write lock. A table past its bound is emptied,
//! which keeps callers that pass many different sizes from growing it without end.

use std::{
    collections::HashMap,
    hash::Hash,
    sync::{Arc, LazyLock, RwLock},
};

/// A memo table from `K` to shared `V`, holding at most `limit` entries. Hashed with
/// foldhash (fixed seed): a glyph or corner is looked up thousands of times an image, and
/// the keys come from the drawing code, never from a player.
pub(crate) struct Memo<K, V> {
    map: LazyLock<RwLock<HashMap<K, Arc<V>, foldhash::fast::FixedState>>>,
    limit: usize,
}

impl<K: Hash + Eq, V> Memo<K, V> {
    /// An empty table for at most `limit` entries.
    pub(crate) const fn new(limit: usize) -> Memo<K, V> {
        Memo {
            map: LazyLock::new(Default::default),
            limit,
        }
    }

    /// The value for `key`, made by `make` (outside the lock) if it is not there yet.
    pub(crate) fn get(&self, key: K, make: impl FnOnce() -> V) -> Arc<V> {
        if let Some(v) = self.map.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Arc::clone(v);
        }
        let value = Arc::new(make());
        let mut map = self.map.write().unwrap_or_else(|e| e.into_inner());
        if map.len() >= self.limit {
            map.clear();
        }
        Arc::clone(map.entry(key).or_insert(value))
    }
}

#[cfg(test)]
mod tests {
    use super::Memo;

    #[test]
    fn makes_each_value_once_and_forgets_everything_past_its_bound() {
        static M: Memo<u32, String> = Memo::new(2);
        let made = std::cell::Cell::new(0);
        let get = |k: u32| {
            M.get(k, || {
                made.set(made.get() + 1);
                k.to_string()
            })
        };
        assert_eq!(*get(1), "1");
        assert_eq!(*get(1), "1");
        assert_eq!(made.get(), 1);
        get(2);
        assert_eq!(made.get(), 2);
        // A third key empties the full table first: 1 must be made again.
        get(3);
        get(1);
        assert_eq!(made.get(), 4);
    }
}

//! What a game keeps of its past (a Quoits game's ends, a Dominoes game's hands), shared between
//! positions.
//!
//! A screen keeps the position after every move so that moves can be taken back; if each kept
//! its own copy of the past, a long game would cost memory and time in the square of its length
//! (a Bergen game played to 1,000 points has over ten thousand moves and hundreds of hands). Here
//! each entry is stored once and every later position refers to it: copying a position copies
//! one pointer, adding an entry or changing the last one copies only that entry.

use std::sync::Arc;

/// A list that grows at its end, whose copies share their entries.
#[derive(Clone)]
pub struct History<T> {
    last: Option<Arc<Entry<T>>>,
    len: usize,
}

#[derive(Clone)]
struct Entry<T> {
    item: T,
    before: Option<Arc<Entry<T>>>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History { last: None, len: 0 }
    }
}

impl<T: Clone> History<T> {
    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds an entry at the end.
    pub fn push(&mut self, item: T) {
        let before = self.last.take();
        self.last = Some(Arc::new(Entry { item, before }));
        self.len += 1;
    }

    /// The last entry.
    pub fn last(&self) -> Option<&T> {
        self.last.as_deref().map(|e| &e.item)
    }

    /// The last entry, to change; when other copies share it, this copy gets its own.
    pub fn last_mut(&mut self) -> Option<&mut T> {
        self.last.as_mut().map(|e| &mut Arc::make_mut(e).item)
    }

    /// The entries, newest first.
    pub fn newest_first(&self) -> impl Iterator<Item = &T> {
        std::iter::successors(self.last.as_deref(), |e| e.before.as_deref()).map(|e| &e.item)
    }

    /// The entries, oldest first.
    pub fn to_vec(&self) -> Vec<&T> {
        let mut items: Vec<&T> = self.newest_first().collect();
        items.reverse();
        items
    }
}

// Written as a list, oldest first (a derived one would nest as deep as the list is long).
impl<T: Clone + std::fmt::Debug> std::fmt::Debug for History<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.to_vec()).finish()
    }
}

impl<T: Clone + PartialEq> PartialEq for History<T> {
    fn eq(&self, other: &Self) -> bool {
        let same = |a: &Option<Arc<Entry<T>>>, b: &Option<Arc<Entry<T>>>| match (a, b) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        self.len == other.len
            && (same(&self.last, &other.last)
                || self
                    .newest_first()
                    .zip(other.newest_first())
                    .all(|(a, b)| a == b))
    }
}

impl<T: Clone + Eq> Eq for History<T> {}

impl<T: Clone + std::hash::Hash> std::hash::Hash for History<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.len.hash(state);
        for item in self.newest_first() {
            item.hash(state);
        }
    }
}

impl<T> Drop for History<T> {
    // One entry at a time, so that a long list is not dropped by a recursion as deep as it is.
    fn drop(&mut self) {
        let mut next = self.last.take();
        while let Some(entry) = next {
            // `into_inner` gives the entry to exactly one of the copies dropped at once.
            next = Arc::into_inner(entry).and_then(|mut only| only.before.take());
        }
    }
}

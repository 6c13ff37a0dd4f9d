//! One small sort for the app's short lists (a board's points, a bone's arms, a face's holes, the
//! saved games).
//!
//! The standard library's sorts are made for long slices: each use of `sort_unstable_by` puts
//! about 3 KB of WebAssembly into the download (a quicksort with its pivot and small-sort
//! helpers). This heapsort is a few hundred bytes a use, still O(n log n) on a list of a thousand
//! saves, and needs no memory. It is not stable, so every caller orders by a key that has no
//! ties, or whose tied items are alike.

use std::cmp::Ordering;

/// Sorts `items` in place into the order `cmp` gives (least first).
pub fn sort_by<T>(items: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let len = items.len();
    // Build a heap with the greatest item at the root, then move the root to the end, one item
    // at a time, restoring the heap over what is left.
    for root in (0..len / 2).rev() {
        sift_down(items, root, len, &mut cmp);
    }
    for end in (1..len).rev() {
        items.swap(0, end);
        sift_down(items, 0, end, &mut cmp);
    }
}

/// Sorts `items` in place by the key `key` gives (least first).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in place into their natural order.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Moves the item at `root` down the heap in `items[..end]` until neither child is greater.
fn sift_down<T>(
    items: &mut [T],
    mut root: usize,
    end: usize,
    cmp: &mut impl FnMut(&T, &T) -> Ordering,
) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && cmp(&items[child], &items[child + 1]) == Ordering::Less {
            child += 1;
        }
        if cmp(&items[root], &items[child]) != Ordering::Less {
            return;
        }
        items.swap(root, child);
        root = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::{RngCore, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn sorts_as_the_standard_library_does() {
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        for len in 0..200 {
            // Few distinct values, so that ties are common.
            let mut items: Vec<u32> = (0..len).map(|_| rng.next_u32() % 13).collect();
            let mut expected = items.clone();
            expected.sort_unstable();
            sort(&mut items);
            assert_eq!(items, expected, "length {len}");
        }
    }

    #[test]
    fn sorts_by_a_comparison_and_by_a_key() {
        let mut words = vec!["pitch", "bone", "hub", "arrow", "peg", "mill", "spinner"];
        sort_by(&mut words, |a, b| b.cmp(a));
        assert_eq!(
            words,
            ["spinner", "pitch", "peg", "mill", "hub", "bone", "arrow"]
        );
        sort_by_key(&mut words, |w| (w.len(), *w));
        assert_eq!(
            words,
            ["hub", "peg", "bone", "mill", "arrow", "pitch", "spinner"]
        );
    }
}

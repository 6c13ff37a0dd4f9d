//! The past a position keeps (Quoits ends, Dominoes hands) is shared between copies: each copy
//! sees its own entries, a change to one copy never shows in another, and a long list is
//! dropped without running out of stack.

use parlour::rules::history::History;

#[test]
fn entries_read_oldest_first_and_newest_first() {
    let mut h = History::default();
    assert!(h.is_empty());
    assert_eq!(h.last(), None);
    for n in 1..=4 {
        h.push(n);
    }
    assert_eq!(h.len(), 4);
    assert_eq!(h.to_vec(), [&1, &2, &3, &4]);
    assert_eq!(h.newest_first().copied().collect::<Vec<_>>(), [4, 3, 2, 1]);
    assert_eq!(h.last(), Some(&4));
}

#[test]
fn a_copy_changed_leaves_the_original_as_it_was() {
    let mut original = History::default();
    original.push(vec![1]);
    original.push(vec![2]);
    let mut copy = original.clone();
    assert_eq!(copy, original);
    copy.last_mut().unwrap().push(3);
    copy.push(vec![4]);
    assert_eq!(original.to_vec(), [&vec![1], &vec![2]]);
    assert_eq!(copy.to_vec(), [&vec![1], &vec![2, 3], &vec![4]]);
    assert_ne!(copy, original);
    // The same entries built apart are equal.
    let mut again = History::default();
    again.push(vec![1]);
    again.push(vec![2]);
    assert_eq!(again, original);
}

#[test]
fn a_long_history_and_its_copies_drop_cleanly() {
    let mut h = History::default();
    let mut copies = Vec::new();
    for n in 0..1_000_000u32 {
        h.push(n);
        if n % 250_000 == 0 {
            copies.push(h.clone());
        }
    }
    assert_eq!(h.len(), 1_000_000);
    drop(h);
    // The copies still hold what they saw.
    assert_eq!(copies[1].len(), 250_001);
    assert_eq!(copies[1].last(), Some(&250_000));
    drop(copies);
}

#[test]
fn equal_lists_built_apart_hash_alike_and_print_as_lists() {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let build = || {
        let mut h = History::default();
        h.push("a");
        h.push("b");
        h
    };
    let hash = |h: &History<&str>| {
        let mut state = DefaultHasher::new();
        h.hash(&mut state);
        state.finish()
    };
    let (one, two) = (build(), build());
    assert_eq!(one, two);
    assert_eq!(hash(&one), hash(&two));
    assert_eq!(format!("{one:?}"), r#"["a", "b"]"#);
    // A long list prints without nesting (a nested print this long would overflow the stack).
    let mut long = History::default();
    for n in 0..200_000u32 {
        long.push(n);
    }
    assert!(format!("{long:?}").ends_with("199998, 199999]"));
}

//! Inputs that fuzzing found (see README.md, "Fuzzing and the soak"), kept so that what they
//! showed stays true.

use parlour::record::{Record, RecordError};

/// fuzz target `record`: a Doquin record whose `size` is a float too large for any integer.
/// It reads (the header's shape is fine), and replaying it refuses the option by name instead of
/// panicking. (Written again, serde_json may read the float back one unit in the last place
/// away; no option or move of Parlour is a float, so nothing depends on that.)
#[test]
fn a_huge_float_option_is_refused_by_name() {
    let text = r#"{"format":"parlour-record","version":1,"game":"doquin",
        "options":{"size":3.666222220222667e+19},
        "players":[{"name":"Ada","kind":"human"},{"name":"Bea","kind":"human"}],
        "moves":["F1-1","F2-2","R2-1","T3-2","T1-3","pR2-1-3","T2-2"]}"#;
    let record = Record::from_json(text).expect("the header's shape is a record's");
    match record.replay() {
        Err(RecordError::BadHeader(why)) => {
            assert!(
                why.contains("Doquin option"),
                "the refusal names the option: {why}"
            )
        }
        Err(other) => panic!("a bad option is a bad header, not {other}"),
        Ok(_) => panic!("a block of 3.7e19 cells is refused"),
    }
    let again = Record::from_json(&record.to_json()).expect("the record reads back");
    assert_eq!(again.moves, record.moves, "the moves read back as written");
}

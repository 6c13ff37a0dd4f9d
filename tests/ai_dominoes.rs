//! The Dominoes computer players: they decide from their seat's view only, always play legally,
//! and take the plain good plays.

use std::cell::Cell;

use parlour::ai::dominoes::{choose_move, choose_within, greedy, hint, Budget, World};
use parlour::ai::{Clock, Level};
use parlour::rules::dominoes::{Bone, Deal, Dominoes, Move, Set};
use parlour::rules::{Game, Seat, Table, Turn};
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde_json::{json, Map, Value};

/// A clock that moves on a millisecond each time it is read, so searches end deterministically.
struct TickingClock(Cell<f64>);

impl TickingClock {
    fn new() -> TickingClock {
        TickingClock(Cell::new(0.0))
    }
}

impl Clock for TickingClock {
    fn now_ms(&self) -> f64 {
        let now = self.0.get() + 1.0;
        self.0.set(now);
        now
    }
}

fn bones(text: &str) -> Vec<Bone> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn game(variant: &str, players: usize, opts: Value) -> Dominoes {
    let options: Map<String, Value> = opts.as_object().cloned().unwrap_or_default();
    Dominoes::from_header(Some(variant), &options, players)
        .unwrap_or_else(|e| panic!("{variant} {players} {opts}: {e}"))
}

/// A deal of `hands`, the stock beginning with `stock` and then every bone not named.
fn deal(set: Set, hands: &[&str], stock: &str) -> Deal {
    let mut named: Vec<Bone> = hands.iter().flat_map(|h| bones(h)).collect();
    named.extend(bones(stock));
    let mut rest = bones(stock);
    rest.extend(set.bones().into_iter().filter(|b| !named.contains(b)));
    Deal {
        hands: hands.iter().map(|h| bones(h)).collect(),
        stock: rest,
    }
}

fn play(g: &mut Dominoes, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_notation(m)
            .unwrap_or_else(|e| panic!("{m} refused: {e}"));
    }
}

/// Every game with some sets, numbers of players and options.
fn tables() -> Vec<(&'static str, usize, Value)> {
    vec![
        ("block", 2, json!({})),
        ("block", 4, json!({})),
        ("block", 3, json!({"set": 9})),
        ("draw", 2, json!({})),
        ("draw", 4, json!({"set": 12})),
        ("draw", 3, json!({"draw_when_able": true})),
        ("all-fives", 2, json!({})),
        ("all-fives", 4, json!({"spinner": true})),
        ("all-fives", 3, json!({"set": 9, "spinner": true})),
        ("all-fives", 2, json!({"muggins": true})),
        ("all-fives", 4, json!({"muggins": true, "spinner": true})),
        ("bergen", 2, json!({})),
        ("bergen", 4, json!({"set": 9})),
        ("matador", 2, json!({})),
        ("matador", 4, json!({"set": 12})),
        ("matador", 3, json!({"draw_when_able": true})),
        ("sebastopol", 4, json!({})),
        ("domino-pool", 3, json!({})),
        ("domino-pool", 6, json!({"set": 12})),
        ("block", 2, json!({"difference": true, "target": 1})),
    ]
}

/// Plays a game at random from its start, calling `at` at every turn of a seat.
fn random_game(g: &mut Dominoes, rng: &mut Pcg64Mcg, mut at: impl FnMut(&Dominoes, usize)) {
    let mut ply = 0;
    loop {
        match g.turn() {
            Turn::Over => return,
            Turn::Chance => {
                let deal = g.sample_chance(rng).expect("a deal");
                g.play_chance(&deal).expect("a dealt deal");
            }
            Turn::Seat(_) => {
                at(g, ply);
                let legal = g.legal_moves();
                let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
                g.play(m).expect("a legal move");
                ply += 1;
            }
        }
    }
}

fn small_budget(level: Level) -> Budget {
    Budget {
        ms: f64::INFINITY,
        worlds: match level {
            Level::Hardest => 24,
            _ => 8,
        },
    }
}

#[test]
fn the_computers_move_is_legal_in_every_game_at_every_level() {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut asked = 0;
    for (variant, players, opts) in tables() {
        for round in 0..3 {
            let mut g = game(variant, players, opts.clone());
            random_game(&mut g, &mut rng, |g, ply| {
                let Turn::Seat(seat) = g.turn() else { return };
                let obs = g.observe(seat);
                let level = Level::ALL[(ply + round) % 5];
                let choice = choose_within(
                    &obs,
                    level,
                    ply as u64,
                    small_budget(level),
                    &TickingClock::new(),
                )
                .expect("the seat to move has a move");
                assert!(
                    g.legal_moves().contains(&choice.best),
                    "{variant} {players} {opts}, {}: {} is not among {:?}",
                    level.name(),
                    choice.best,
                    g.legal_moves()
                );
                let greedy = greedy(&obs, ply as u64).expect("a greedy move");
                assert!(
                    g.legal_moves().contains(&greedy),
                    "greedy {greedy} is legal"
                );
                asked += 1;
            });
        }
    }
    assert!(asked > 1000, "only {asked} positions were asked");
}

#[test]
fn the_imagined_world_keeps_the_rules_of_the_hand() {
    // The strong players' play-outs run on their own copy of the rules: with the true hidden
    // bones filled in, it must list the same moves and score the hand as the rules do.
    let mut rng = Pcg64Mcg::seed_from_u64(17);
    for (variant, players, opts) in tables() {
        if opts.get("muggins").is_some() {
            continue; // the world scores every count at once, as claimed
        }
        for _ in 0..6 {
            let mut g = game(variant, players, opts.clone());
            let deal = g.sample_chance(&mut rng).expect("a deal");
            g.play_chance(&deal).unwrap();
            // Start the world a few moves into the hand.
            let skip = (rng.next_u64() % 6) as usize;
            for _ in 0..skip {
                if let Turn::Seat(_) = g.turn() {
                    let legal = g.legal_moves();
                    let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
                    g.play(m).unwrap();
                }
            }
            let Turn::Seat(seat) = g.turn() else { continue };
            let obs = g.observe(seat);
            let hands = (0..players as u8)
                .map(|s| g.hand(Seat(s)).to_vec())
                .collect();
            let mut world = World::new(&obs, hands, g.stock().to_vec());
            let before = g.side_scores().to_vec();
            let hand = g.hand_number();
            while g.hand_number() == hand && matches!(g.turn(), Turn::Seat(_)) {
                let mut rules: Vec<Move> = g.legal_moves();
                let mut ours = world.legal_moves();
                if g.line().is_empty() {
                    // The world sets freely; the rules may force the set.
                    ours.retain(|m| rules.contains(m));
                }
                rules.sort_by_key(|m| m.to_string());
                ours.sort_by_key(|m| m.to_string());
                assert_eq!(
                    ours, rules,
                    "{variant} {players} {opts}: the legal moves differ"
                );
                assert_eq!(
                    world.to_move(),
                    Some(g.turn()).and_then(|t| match t {
                        Turn::Seat(s) => Some(s),
                        _ => None,
                    })
                );
                let m = rules[(rng.next_u64() % rules.len() as u64) as usize];
                g.play(m).unwrap();
                assert!(world.play(m), "{variant}: the world refused {m}");
            }
            assert!(
                world.is_over(),
                "{variant} {players} {opts}: the world's hand goes on"
            );
            let gained: Vec<i32> = g
                .side_scores()
                .iter()
                .zip(&before)
                .map(|(now, then)| *now as i32 - *then as i32)
                .collect();
            assert_eq!(
                world.gained(),
                gained,
                "{variant} {players} {opts}: the points differ"
            );
        }
    }
}

/// A second game that differs from `g` only in bones `seat` cannot see: the hidden bones are
/// shuffled among the places in the deal they came from, and the same moves replayed. `None`
/// when the shuffled deal does not replay to the same view.
fn hidden_twin(g: &Dominoes, moves: &[String], seat: Seat, rng: &mut Pcg64Mcg) -> Option<Dominoes> {
    let obs = g.observe(seat);
    let hidden = obs.unseen();
    let original = g.hands_log().last()?.deal.clone();
    let mut places: Vec<(usize, usize)> = Vec::new(); // (hand or stock = players, index)
    let players = g.seats();
    for (h, hand) in original.hands.iter().enumerate() {
        for (i, b) in hand.iter().enumerate() {
            if h != seat.index() && hidden.contains(b) {
                places.push((h, i));
            }
        }
    }
    for (i, b) in original.stock.iter().enumerate() {
        if hidden.contains(b) {
            places.push((players, i));
        }
    }
    let mut shuffled: Vec<Bone> = places
        .iter()
        .map(|&(h, i)| {
            if h == players {
                original.stock[i]
            } else {
                original.hands[h][i]
            }
        })
        .collect();
    for i in (1..shuffled.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        shuffled.swap(i, j);
    }
    let mut twin_deal = original.clone();
    for (&(h, i), b) in places.iter().zip(shuffled) {
        if h == players {
            twin_deal.stock[i] = b;
        } else {
            twin_deal.hands[h][i] = b;
        }
    }
    if twin_deal == original {
        return None;
    }
    let mut twin = Dominoes::new(g.game(), players, g.options()).ok()?;
    twin.play_chance(&twin_deal).ok()?;
    for m in moves {
        twin.play_notation(m).ok()?;
    }
    (twin.observe(seat) == obs).then_some(twin)
}

#[test]
fn the_computer_cannot_peek_at_hidden_bones() {
    let mut rng = Pcg64Mcg::seed_from_u64(29);
    let mut pairs = 0;
    for (variant, players, opts) in tables() {
        for _ in 0..8 {
            let mut g = game(variant, players, opts.clone());
            let deal = g.sample_chance(&mut rng).expect("a deal");
            g.play_chance(&deal).unwrap();
            let plies = 1 + (rng.next_u64() % 8) as usize;
            let mut moves = Vec::new();
            for _ in 0..plies {
                if let Turn::Seat(_) = g.turn() {
                    let legal = g.legal_moves();
                    let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
                    g.play(m).unwrap();
                    moves.push(m.to_string());
                }
            }
            let Turn::Seat(seat) = g.turn() else { continue };
            if g.hand_number() != 1 {
                continue;
            }
            let Some(twin) = hidden_twin(&g, &moves, seat, &mut rng) else {
                continue;
            };
            assert_ne!(
                (0..players as u8)
                    .map(|s| twin.hand(Seat(s)).to_vec())
                    .collect::<Vec<_>>(),
                (0..players as u8)
                    .map(|s| g.hand(Seat(s)).to_vec())
                    .collect::<Vec<_>>(),
                "the twin hides other bones"
            );
            pairs += 1;
            for level in Level::ALL {
                for seed in [1, 2] {
                    let here = choose_move(&g.observe(seat), level, seed, &TickingClock::new());
                    let there = choose_move(&twin.observe(seat), level, seed, &TickingClock::new());
                    assert_eq!(
                        here.map(|c| c.best),
                        there.map(|c| c.best),
                        "{variant} {players} {opts}, {}: the move depends on hidden bones",
                        level.name()
                    );
                }
            }
        }
    }
    assert!(pairs >= 20, "only {pairs} twin positions were found");
}

#[test]
fn every_level_varies_among_equal_moves_by_the_seed() {
    // Block, two players, second hand: the setter may set any bone, and several are alike.
    let mut g = game("block", 2, json!({}));
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    while g.hand_number() < 2 || g.turn() == Turn::Chance {
        match g.turn() {
            Turn::Chance => {
                let deal = g.sample_chance(&mut rng).unwrap();
                g.play_chance(&deal).unwrap();
            }
            Turn::Seat(_) => {
                let m = g.legal_moves()[0];
                g.play(m).unwrap();
            }
            Turn::Over => panic!("the game ended in one hand"),
        }
    }
    let Turn::Seat(seat) = g.turn() else {
        panic!("a seat sets")
    };
    let obs = g.observe(seat);
    let picks: std::collections::HashSet<String> = (0..40)
        .map(|seed| {
            choose_move(&obs, Level::Beginner, seed, &TickingClock::new())
                .unwrap()
                .best
                .to_string()
        })
        .collect();
    assert!(picks.len() > 1, "the beginner always sets {picks:?}");
}

#[test]
fn the_computer_takes_a_count_of_fifteen_over_a_heavier_bone_that_counts_nothing() {
    // All Fives: Ada sets 6-6 (12, no count). Ben may lay 6-3 (12 + 3 = 15), 6-4 (16) or 6-2
    // (14). Greedy-by-weight would lay 6-4; a player who counts lays 6-3.
    let mut g = game("all-fives", 2, json!({}));
    g.play_chance(&deal(
        Set::DoubleSix,
        &["6-6 5-5 5-4 5-3 4-4 3-3 2-2", "6-4 6-3 6-2 1-1 2-0 1-0 0-0"],
        "",
    ))
    .unwrap();
    play(&mut g, "6-6");
    let obs = g.observe(Seat(1));
    for level in [Level::Medium, Level::Hard, Level::Hardest] {
        for seed in 0..4 {
            let choice = choose_move(&obs, level, seed, &TickingClock::new()).unwrap();
            assert_eq!(
                choice.best.bone(),
                Some(bones("6-3")[0]),
                "{}: counts 15 with 6-3, not {}",
                level.name(),
                choice.best
            );
        }
    }
    assert_eq!(greedy(&obs, 0).unwrap().bone(), Some(bones("6-3")[0]));
    let hinted = hint(&obs, 200.0, &TickingClock::new()).unwrap();
    assert_eq!(hinted.best.bone(), Some(bones("6-3")[0]), "the hint counts");
}

#[test]
fn the_computer_claims_its_count_and_takes_muggins() {
    let mut g = game("all-fives", 2, json!({"muggins": true}));
    g.play_chance(&deal(
        Set::DoubleSix,
        &["6-6 5-5 5-4 5-3 4-4 3-3 2-2", "6-4 6-3 6-2 1-1 2-0 1-0 0-0"],
        "",
    ))
    .unwrap();
    play(&mut g, "6-6 6-3R");
    // Seat 0 is to move; seat 1 may still claim the 15 its play made.
    assert_eq!(g.turn(), Turn::Seat(Seat(0)));
    let obs = g.observe(Seat(1));
    assert_eq!(obs.claim_due(), Some(15));
    assert_eq!(obs.legal_moves(), [Move::Claim]);
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Hardest] {
        let choice = choose_move(&obs, level, 1, &TickingClock::new()).unwrap();
        assert_eq!(choice.best, Move::Claim, "{} claims its 15", level.name());
    }
    // The beginner sometimes forgets: then it has no move to make.
    let beginner: Vec<bool> = (0..40)
        .map(|seed| choose_move(&obs, Level::Beginner, seed, &TickingClock::new()).is_some())
        .collect();
    assert!(beginner.contains(&true) && beginner.contains(&false));
    // The seat to move may take the count; it is never offered the claim.
    let obs = g.observe(Seat(0));
    assert!(!obs.legal_moves().contains(&Move::Claim));
    assert_eq!(obs.unclaimed(), Some((Seat(1), 15)));
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Hardest] {
        let choice = choose_move(&obs, level, 1, &TickingClock::new()).unwrap();
        assert_eq!(choice.best, Move::Muggins, "{} takes muggins", level.name());
    }
}

#[test]
fn the_computer_keeps_its_matador_while_another_bone_plays() {
    // Matador: Ada sets 6-6; Ben may lay 3-1, 5-1 or 2-1 (the 1 makes seven with the 6) or the
    // matador 4-3 anywhere. The matador is worth keeping for a blank end or a tight spot.
    let mut g = game("matador", 2, json!({}));
    g.play_chance(&deal(
        Set::DoubleSix,
        &["6-6 5-5 5-4 5-3 4-4 3-3 2-0", "3-1 4-3 2-2 4-0 3-0 5-1 2-1"],
        "",
    ))
    .unwrap();
    play(&mut g, "6-6");
    let obs = g.observe(Seat(1));
    let matador = bones("4-3")[0];
    for level in [Level::Medium, Level::Hard, Level::Hardest] {
        for seed in 0..4 {
            let choice = choose_move(&obs, level, seed, &TickingClock::new()).unwrap();
            assert_ne!(
                choice.best.bone(),
                Some(matador),
                "{}: keeps the matador, but lays {}",
                level.name(),
                choice.best
            );
        }
    }
    assert_ne!(greedy(&obs, 0).unwrap().bone(), Some(matador));
}

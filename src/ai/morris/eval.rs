//! How good a Morris position looks, in hundredths of a man, for the side to move: men on the
//! board and in hand, mills, half-mills and threats to close one, running mills, mobility and
//! blocked men, weighed differently while placing, moving and flying.

use super::node::{Geometry, Node};
use crate::rules::morris::FEWEST_MEN;

/// The weights of the evaluation (tunable; the defaults are the engine's).
#[doc(hidden)]
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights {
    /// A man on the board or in hand.
    pub man: i32,
    /// A closed mill while men are being placed, and later.
    pub mill_placing: i32,
    pub mill_moving: i32,
    /// A line with two own men and the third point empty.
    pub half_mill_placing: i32,
    pub half_mill_moving: i32,
    /// A line with one own man and two empty points (placing only).
    pub open_line: i32,
    /// Each step a side could make (a measure of room to move).
    pub mobility_placing: i32,
    pub mobility_moving: i32,
    /// A man with no empty neighbour.
    pub blocked_placing: i32,
    pub blocked_moving: i32,
    /// A side with one or two steps left in the moving phase is in danger of being shut in.
    pub cramped: i32,
    /// A closed mill with a man that can step out (and back in to close it again).
    pub open_mill: i32,
    /// A man that steps from one closed mill straight into another (a running mill).
    pub running_mill: i32,
    /// The side to move can close a mill now.
    pub threat_to_move: i32,
    /// The side not to move can close a mill next and cannot be stopped.
    pub unstoppable_threat: i32,
    /// The side not to move can close a mill next unless it is blocked.
    pub threat_to_block: i32,
    /// A threat whose mill wins the game outright.
    pub winning_threat: i32,
    /// The side not to move has no step at all (shut in).
    pub shut_in: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            man: 100,
            mill_placing: 20,
            mill_moving: 30,
            half_mill_placing: 10,
            half_mill_moving: 6,
            open_line: 2,
            mobility_placing: 5,
            mobility_moving: 10,
            blocked_placing: -8,
            blocked_moving: -15,
            cramped: 25,
            open_mill: 25,
            running_mill: 110,
            threat_to_move: 75,
            unstoppable_threat: 60,
            threat_to_block: 12,
            winning_threat: 600,
            shut_in: 150,
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Features {
    material: i32,
    mills: i32,
    half_mills: i32,
    open_lines: i32,
    /// Points where the side could close a mill on its next turn.
    threats: u32,
    /// Points the side could put a man on next turn.
    reach: u32,
    mobility: i32,
    blocked: i32,
    open_mills: i32,
    running_mills: i32,
    flies: bool,
}

fn features(n: &Node, g: &Geometry, side: usize, empty: u32) -> Features {
    let own = n.men[side];
    let in_hand = n.hand[side] > 0;
    let flies = n.flies(side, g);
    let mut f = Features {
        material: own.count_ones() as i32 + i32::from(n.hand[side]),
        flies,
        ..Features::default()
    };
    let mut steps_to = 0;
    let mut rest = own;
    while rest != 0 {
        let p = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let free = g.nb[p] & empty;
        steps_to |= free;
        let m = free.count_ones() as i32;
        f.mobility += m;
        if m == 0 {
            f.blocked += 1;
        }
    }
    f.reach = if in_hand || flies { empty } else { steps_to };
    for &line in &g.lines {
        let o = (own & line).count_ones();
        let e = (empty & line).count_ones();
        if o == 3 {
            f.mills += 1;
            if !in_hand && !flies {
                let mut opened = false;
                let mut running = false;
                let mut men = line;
                while men != 0 {
                    let p = men.trailing_zeros() as usize;
                    men &= men - 1;
                    let mut outs = g.nb[p] & empty;
                    opened |= outs != 0;
                    while outs != 0 && !running {
                        let q = outs.trailing_zeros() as usize;
                        outs &= outs - 1;
                        running = g.mills_made(own & !(1 << p) | 1 << q, q) > 0;
                    }
                }
                f.open_mills += i32::from(opened);
                f.running_mills += i32::from(running);
            }
        } else if o == 2 && e == 1 {
            f.half_mills += 1;
            let q = line & empty;
            let qi = q.trailing_zeros() as usize;
            let live =
                in_hand || (flies && own & !line != 0) || (!flies && g.nb[qi] & own & !line != 0);
            if live {
                f.threats |= q;
            }
        } else if o == 1 && e == 2 {
            f.open_lines += 1;
        }
    }
    f
}

/// The value of `n` for the side to move.
pub(crate) fn evaluate(n: &Node, g: &Geometry, w: &Weights) -> i32 {
    let empty = n.empty(g);
    let s = usize::from(n.stm);
    let o = 1 - s;
    let placing = n.hand[0] > 0 || n.hand[1] > 0;
    let f = [features(n, g, 0, empty), features(n, g, 1, empty)];
    let value = |f: &Features| -> i32 {
        let mut v = w.man * f.material;
        if placing {
            v += w.mill_placing * f.mills
                + w.half_mill_placing * f.half_mills
                + w.open_line * f.open_lines
                + w.mobility_placing * f.mobility
                + w.blocked_placing * f.blocked;
        } else if f.flies {
            v += w.mill_moving * f.mills + w.half_mill_moving * f.half_mills;
        } else {
            v += w.mill_moving * f.mills
                + w.half_mill_moving * f.half_mills
                + w.mobility_moving * f.mobility
                + w.blocked_moving * f.blocked
                + w.open_mill * f.open_mills
                + w.running_mill * f.running_mills;
            if f.mobility <= 2 {
                v -= w.cramped * (3 - f.mobility);
            }
        }
        v
    };
    let mut score = value(&f[s]) - value(&f[o]);

    // Whoever is to move acts on threats first.
    let few = i32::from(FEWEST_MEN);
    if f[s].threats != 0 {
        score += if g.mill_wins || f[o].material <= few {
            w.winning_threat
        } else {
            w.threat_to_move
        };
    } else if f[o].threats != 0 {
        let blockable = f[o].threats & f[s].reach;
        let stoppable = f[o].threats.count_ones() == 1 && blockable != 0;
        let decisive = g.mill_wins || f[s].material <= few;
        score -= match (stoppable, decisive) {
            (true, false) => w.threat_to_block,
            (true, true) => 2 * w.threat_to_block,
            (false, false) => w.unstoppable_threat,
            (false, true) => w.winning_threat,
        };
    }
    if !placing && !f[o].flies && f[o].mobility == 0 && !g.mill_wins {
        score += w.shut_in;
    }

    // Drift toward a draw as the fifty-move rule nears.
    if g.fifty_move_draw && n.quiet > 60 {
        let left = i32::from(100u16.saturating_sub(n.quiet));
        score = score * left / 40;
    }
    score
}

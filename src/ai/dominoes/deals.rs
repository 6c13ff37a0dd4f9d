//! Guessing the hidden bones: deals of the bones a seat cannot see that agree with all it has
//! seen (how many bones each hand and the stock hold, and the suits each player has shown it
//! lacks by going or drawing).

use crate::ai::Dice;
use crate::rules::dominoes::{Bone, DominoGame, Observation};
use crate::rules::Seat;

/// What the observer knows of the hidden bones, gathered once for many guesses.
pub(crate) struct Unseen {
    /// Every bone neither in the observer's hand nor on the table.
    bones: Vec<Bone>,
    /// The other seats, the most constrained first, with how many bones each holds.
    seats: Vec<(usize, usize)>,
    /// For each seat, which of `bones` it may hold.
    allowed: Vec<Vec<bool>>,
    players: usize,
}

impl Unseen {
    pub(crate) fn of(obs: &Observation) -> Unseen {
        let bones = obs.unseen();
        let matador_sum = u32::from(obs.options().set.matador_sum());
        let is_matador = |bone: Bone| {
            obs.game() == DominoGame::Matador
                && (bone.pips() == matador_sum || bone == Bone::new(0, 0))
        };
        let players = obs.players();
        let allowed: Vec<Vec<bool>> = (0..players)
            .map(|s| {
                let lacking = obs.lacking(Seat(s as u8));
                bones
                    .iter()
                    .map(|b| lacking.allows(*b, is_matador(*b)))
                    .collect()
            })
            .collect();
        let mut seats: Vec<(usize, usize)> = (0..players)
            .filter(|s| *s != obs.seat().index())
            .map(|s| (s, obs.hand_sizes()[s]))
            .collect();
        // The seats with the least room to spare choose first, so that a tightly constrained
        // hand is not left with nothing it may hold.
        seats.sort_by_key(|(s, size)| {
            let room = allowed[*s].iter().filter(|a| **a).count();
            room.saturating_sub(*size)
        });
        Unseen {
            bones,
            seats,
            allowed,
            players,
        }
    }

    /// One guess: each seat's hidden hand (the observer's left empty) and the stock in draw order.
    pub(crate) fn deal(&self, dice: &mut Dice) -> (Vec<Vec<Bone>>, Vec<Bone>) {
        let n = self.bones.len();
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = dice.below(i + 1);
            order.swap(i, j);
        }
        let mut taken = vec![false; n];
        let mut hands = vec![Vec::new(); self.players];
        for &(seat, size) in &self.seats {
            let hand: &mut Vec<Bone> = &mut hands[seat];
            for &i in &order {
                if hand.len() == size {
                    break;
                }
                if !taken[i] && self.allowed[seat][i] {
                    taken[i] = true;
                    hand.push(self.bones[i]);
                }
            }
            // Nothing agrees with everything seen (it should not happen): fill up regardless.
            for &i in &order {
                if hand.len() == size {
                    break;
                }
                if !taken[i] {
                    taken[i] = true;
                    hand.push(self.bones[i]);
                }
            }
        }
        let stock = order
            .iter()
            .filter(|i| !taken[**i])
            .map(|i| self.bones[*i])
            .collect();
        (hands, stock)
    }
}

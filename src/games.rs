//! The five games of Parlour: their names in records, their titles, and which are playable in
//! this version.

/// One of Parlour's games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameKind {
    Morris,
    Archery,
    Quoits,
    Dominoes,
    Doquin,
}

impl GameKind {
    /// Every game, in the order the home page shows them.
    pub const ALL: [GameKind; 5] = [
        GameKind::Morris,
        GameKind::Archery,
        GameKind::Quoits,
        GameKind::Dominoes,
        GameKind::Doquin,
    ];

    /// The game's name in records and URLs.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Morris => "morris",
            GameKind::Archery => "archery",
            GameKind::Quoits => "quoits",
            GameKind::Dominoes => "dominoes",
            GameKind::Doquin => "doquin",
        }
    }

    /// The game named `name` in records.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The game's title as players read it.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Morris => "Morris",
            GameKind::Archery => "Archery",
            GameKind::Quoits => "Quoits",
            GameKind::Dominoes => "Dominoes",
            GameKind::Doquin => "Doquin",
        }
    }

    /// Whether players choose their pieces' colours (the teetotum games, whose box has four
    /// colours of men).
    pub fn has_colours(self) -> bool {
        matches!(self, GameKind::Archery | GameKind::Quoits)
    }

    /// Whether its computer players come in levels (all but Quoits, whose computer pitches as
    /// the teetotum says and has nothing to choose).
    pub fn has_levels(self) -> bool {
        self != GameKind::Quoits
    }

    /// One line about the game, for the home page.
    pub fn tagline(self) -> &'static str {
        match self {
            GameKind::Morris => {
                "Three in a row takes a man: Morrice, Morelles, Six and Twelve Men's Morris; in Three Men's Morris it wins."
            }
            GameKind::Archery => {
                "Spin the double teetotum and fly three arrows down the line at the target."
            }
            GameKind::Quoits => {
                "Spin to pitch four men an end at the hub; the nearest score most, and the game is played to sixty."
            }
            GameKind::Dominoes => {
                "The Hoyle games on double-six, nine and twelve sets: Block, Draw, All Fives and more."
            }
            GameKind::Doquin => {
                "Push pegs into a block from three faces and capture where they touch."
            }
        }
    }

    /// Whether this version of Parlour can play the game (the others have a rules page).
    pub fn playable(self) -> bool {
        matches!(
            self,
            GameKind::Morris
                | GameKind::Archery
                | GameKind::Quoits
                | GameKind::Dominoes
                | GameKind::Doquin
        )
    }
}

//! The embed view's address: one game, chosen by URL, for a games-history site to put in an
//! iframe. `#/embed/<game>?preset=<variant>&seats=<seat>,<seat>&theme=<light|dark>`, and any of
//! the game's options by the names its records give them (`target=50&muggins=true` for All
//! Fives, `size=5&pegs=8` for Doquin); a seat is `human` or a computer level (`hard`), or
//! `computer` for Quoits, whose computers choose nothing. Everything but the game may be left
//! out: an option left out has its value for the preset and the number of seats.
//! `names=Ada,Bea` names the seats (each name percent-encoded, as `encodeURIComponent` writes
//! it; a name left empty, as in `names=Ada,`, is the app's own for that seat) and, in Archery
//! and Quoits, `colours=green,blue` gives each seat its colour.
//! `save=<id>` is the app's own: a frame that kept its game as a copy, when another tab changed
//! the embed's game, goes on with the copy under that address.

use serde_json::Value;

use crate::ai::Level;
use crate::games::GameKind;
use crate::record::{seat_colours, Player, PlayerKind, Record, RecordError, NAME_LIMIT};
use crate::rules::dominoes::{self, DominoGame, Dominoes};
use crate::rules::doquin::{self, Doquin};
use crate::rules::morris::{self, Position, Variant};
use crate::rules::quoits::{self, Quoits};
use crate::rules::teetotum::COLOURS;

/// Sets up a new game of one kind as an address asks (its preset, seats and the kind's
/// default options): one of [`EmbedSpec::new_morris`] and the others, as
/// [`EmbedSpec::new_game_of`] gives them.
pub type NewGame = fn(&EmbedSpec) -> Result<Record, String>;

/// Who sits in a seat of an embedded game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    Human,
    /// A computer; `None` where the game's computers have no levels (Quoits).
    Computer(Option<Level>),
}

impl Seat {
    fn parse(text: &str) -> Result<Seat, String> {
        match text {
            "human" => Ok(Seat::Human),
            "computer" => Ok(Seat::Computer(None)),
            level => Level::from_name(level)
                .map(|l| Seat::Computer(Some(l)))
                .ok_or_else(|| {
                    format!("unknown seat \"{}\" (human, computer or a level: beginner, easy, medium, hard, hardest)", cut_short(level))
                }),
        }
    }

    /// The seat as `game` has it: a level named for a game whose computers have none is
    /// dropped, so that an address or a record written with one still opens, with no level
    /// shown.
    fn in_game(self, game: GameKind) -> Seat {
        match self {
            Seat::Computer(Some(_)) if !game.has_levels() => Seat::Computer(None),
            seat => seat,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Computer(None) => "computer",
            Seat::Computer(Some(level)) => level.name(),
        }
    }
}

/// The colours the embedded app is drawn in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// An address's `theme=` value: light, dark, or the page's own (`system`, or nothing).
    pub fn read(value: &str) -> Result<Option<Theme>, String> {
        match value {
            "light" => Ok(Some(Theme::Light)),
            "dark" => Ok(Some(Theme::Dark)),
            "" | "system" => Ok(None),
            other => Err(format!(
                "unknown theme \"{}\" (light or dark)",
                cut_short(other)
            )),
        }
    }
}

/// An embedded game as its address names it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EmbedSpec {
    pub game: GameKind,
    /// The variant (Morris) or game (Dominoes); none for the others.
    pub preset: Option<String>,
    pub seats: Vec<Seat>,
    /// The seats' names, one for each seat, an empty one where the seat has the app's own
    /// ("Player 1", "Hard computer"); none where every seat has.
    pub names: Vec<String>,
    /// The seats' colours (Archery and Quoits: names from [`COLOURS`]), one for each seat; none
    /// for each seat's own.
    pub colours: Vec<String>,
    /// None follows the page's own setting (the system's).
    pub theme: Option<Theme>,
    /// The game's options that differ from its preset's, by their names in the record, as the
    /// address writes them (`("target", "50")`), in the order of [`put_option`].
    pub options: Vec<(String, String)>,
    /// The save this frame plays instead of the address's own (a copy kept in a conflict).
    pub save: Option<String>,
}

impl EmbedSpec {
    /// Reads the part of the address after `#/embed/`, and checks that it sets up a game.
    pub fn parse(text: &str) -> Result<EmbedSpec, String> {
        let spec = EmbedSpec::read(text)?;
        spec.record()?;
        Ok(spec)
    }

    /// Reads the part of the address after `#/embed/` without setting up its game: enough for
    /// its theme and its save's id, and needs none of the games' rules (so the app's first part,
    /// which sets the theme, does not carry them).
    pub fn read(text: &str) -> Result<EmbedSpec, String> {
        let (name, query) = text.split_once('?').unwrap_or((text, ""));
        let name = name.trim_end_matches('/');
        if name.is_empty() {
            return Err(
                "the embed address names no game (write #/embed/ and then morris, archery, quoits, dominoes or doquin)"
                    .to_string(),
            );
        }
        // A curator may write the game's name as a title ("Morris").
        let game = GameKind::from_name(&name.to_ascii_lowercase())
            .ok_or_else(|| format!("there is no game \"{}\" to embed", cut_short(name)))?;
        let mut spec = EmbedSpec {
            game,
            preset: None,
            seats: default_seats(game),
            names: Vec::new(),
            colours: Vec::new(),
            theme: None,
            options: Vec::new(),
            save: None,
        };
        for (key, value) in once_each(query)? {
            // Names are decoded one by one, after the split, as a comma may be in a name.
            let read = setting_value(key, value);
            let value = if key == "names" { value } else { &read };
            match key {
                "preset" | "variant" => spec.preset = Some(value.to_string()),
                "seats" => {
                    spec.seats = value
                        .split(',')
                        .map(|text| Seat::parse(text).map(|seat| seat.in_game(game)))
                        .collect::<Result<_, _>>()?;
                }
                "theme" => spec.theme = Theme::read(value)?,
                "names" => {
                    spec.names = value.split(',').map(read_name).collect::<Result<_, _>>()?;
                }
                "colours" if game.has_colours() => {
                    spec.colours = value
                        .split(',')
                        .map(read_colour)
                        .collect::<Result<_, _>>()?;
                }
                "colours" => return Err(format!("{} has no colours to choose", game.title())),
                "save" if is_save_id(value) => spec.save = Some(value.to_string()),
                "save" => {
                    return Err(format!(
                        "\"{}\" is not the id of a saved game",
                        cut_short(value)
                    ))
                }
                // The game's options are checked where the game is set up (`record`).
                option if is_option_name(option) => put_option(&mut spec.options, option, value),
                other => {
                    return Err(format!(
                        "unknown setting \"{}\" in the embed address",
                        cut_short(other)
                    ))
                }
            }
        }
        let seats = spec.seats.len();
        for (list, what) in [(spec.names.len(), "names"), (spec.colours.len(), "colours")] {
            if list != 0 && list != seats {
                let (what, seat_word) = (
                    if list == 1 {
                        &what[..what.len() - 1]
                    } else {
                        what
                    },
                    if seats == 1 { "seat" } else { "seats" },
                );
                let comma = if what.starts_with("name") {
                    " (names are separated by commas; a comma in a name is written %2C)"
                } else {
                    ""
                };
                return Err(format!("{list} {what} for {seats} {seat_word}{comma}"));
            }
        }
        if let Some(twice) =
            (1..spec.colours.len()).find(|&i| spec.colours[..i].contains(&spec.colours[i]))
        {
            return Err(format!("two seats are given {}", spec.colours[twice]));
        }
        Ok(spec)
    }

    /// The embed of a game being played: its game, preset, seats and options.
    pub fn of_record(record: &Record, theme: Option<Theme>) -> Option<EmbedSpec> {
        let game = record.kind().ok()?;
        EmbedSpec::of_record_by(record, theme, EmbedSpec::new_game_of(game))
    }

    /// [`EmbedSpec::of_record`] of a game whose kind the caller knows, given that kind's
    /// [`NewGame`]: a game's screen hands over its own, so that writing the address needs no
    /// other game's rules.
    pub fn of_record_by(
        record: &Record,
        theme: Option<Theme>,
        new_game: NewGame,
    ) -> Option<EmbedSpec> {
        let game = record.kind().ok()?;
        let seats = record
            .players
            .iter()
            .map(|p| match p.kind {
                PlayerKind::Human => Seat::Human,
                PlayerKind::Computer => {
                    Seat::Computer(p.level.as_deref().and_then(Level::from_name)).in_game(game)
                }
            })
            .collect();
        let mut spec = EmbedSpec {
            game,
            preset: record.variant.clone(),
            seats,
            names: Vec::new(),
            colours: Vec::new(),
            theme,
            options: Vec::new(),
            save: None,
        };
        // Names and colours, only where some are the players' own: "Player 1" in seat 2 is
        // still the app's name (the embed numbers its seats afresh). A seat with the app's name
        // is left empty, so that a level changed in the address is not called by the old one.
        let names: Vec<String> = record
            .players
            .iter()
            .zip(&spec.seats)
            .map(|(p, &seat)| {
                if is_app_name(&p.name, seat) {
                    String::new()
                } else {
                    p.name.clone()
                }
            })
            .collect();
        if names.iter().any(|n| !n.is_empty()) {
            spec.names = names;
        }
        if game.has_colours() && record.players.iter().any(|p| p.colour.is_some()) {
            spec.colours = seat_colours(&record.players)
                .into_iter()
                .map(|c| COLOURS[c].to_string())
                .collect();
        }
        // Only what differs from a new game of the preset, to keep the address short.
        let preset = spec.preset_record_by(new_game).ok()?;
        for (key, value) in &record.options {
            if preset.options.get(key) != Some(value) {
                put_option(&mut spec.options, key, &option_text(value));
            }
        }
        Some(spec)
    }

    /// The part of the address after `#/embed/`.
    pub fn to_query(&self) -> String {
        let mut parts = Vec::new();
        if let Some(preset) = &self.preset {
            parts.push(format!("preset={preset}"));
        }
        let seats: Vec<&str> = self.seats.iter().map(|s| s.name()).collect();
        parts.push(format!("seats={}", seats.join(",")));
        if !self.names.is_empty() {
            let names: Vec<String> = self.names.iter().map(|n| encode_name(n)).collect();
            parts.push(format!("names={}", names.join(",")));
        }
        if !self.colours.is_empty() {
            parts.push(format!("colours={}", self.colours.join(",")));
        }
        for (key, value) in &self.options {
            parts.push(format!("{key}={value}"));
        }
        if let Some(theme) = self.theme {
            parts.push(format!("theme={}", theme.name()));
        }
        if let Some(save) = &self.save {
            parts.push(format!("save={save}"));
        }
        format!("{}?{}", self.game.name(), parts.join("&"))
    }

    /// The same embed, going on with another save (a copy of its game).
    pub fn with_save(&self, id: &str) -> EmbedSpec {
        EmbedSpec {
            save: Some(id.to_string()),
            ..self.clone()
        }
    }

    /// The id of the embedded game's autosave: the same address resumes the same game. A frame
    /// that kept a copy plays the copy.
    pub fn save_id(&self) -> String {
        if let Some(save) = &self.save {
            return save.clone();
        }
        let mut spec = self.clone();
        spec.theme = None;
        // FNV-1a: short, stable, and enough to tell embeds apart on one site.
        let hash = spec
            .to_query()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
        format!("embed-{hash:016x}")
    }

    /// A new game as the address sets it up, or why it cannot be played.
    pub fn record(&self) -> Result<Record, String> {
        let mut record = self.preset_record()?;
        for (key, text) in &self.options {
            let preset = record.options.get(key).ok_or_else(|| {
                // Dominoes' games and Morris's variants each have options of their own.
                let whose = match (&record.variant, self.game) {
                    // A computer's level is a seat's, not the game's.
                    _ if matches!(key.as_str(), "level" | "levels" | "computer") => {
                        "a computer's level goes with its seat, as in seats=human,hard".to_string()
                    }
                    (Some(variant), GameKind::Morris | GameKind::Dominoes) => format!(
                        "not an option of the preset \"{variant}\"; another preset may have it"
                    ),
                    _ => "not an option of this game".to_string(),
                };
                format!(
                    "unknown setting \"{}\" in the embed address ({whose})",
                    cut_short(key)
                )
            })?;
            let value = option_value(key, text, preset)?;
            record.options.insert(key.clone(), value);
        }
        // Told as what is wrong with the address, not with a record (the reader wrote none).
        record.start().map_err(|e| match e {
            RecordError::BadHeader(why) => why,
            other => other.to_string(),
        })?;
        Ok(record)
    }

    /// A new game of the address's preset and seats, with the preset's own options.
    fn preset_record(&self) -> Result<Record, String> {
        self.preset_record_by(EmbedSpec::new_game_of(self.game))
    }

    /// [`EmbedSpec::preset_record`], set up by `new_game`, which is this address's game's.
    fn preset_record_by(&self, new_game: NewGame) -> Result<Record, String> {
        let record = new_game(self)?;
        if record.game != self.game.name() {
            return Err(format!("not a game of {}", self.game.title()));
        }
        if self.preset.is_some() && !matches!(self.game, GameKind::Morris | GameKind::Dominoes) {
            return Err(format!("{} has no presets", self.game.title()));
        }
        Ok(record)
    }

    /// How a new game of `game` is set up from an address.
    pub fn new_game_of(game: GameKind) -> NewGame {
        match game {
            GameKind::Morris => EmbedSpec::new_morris,
            GameKind::Archery => EmbedSpec::new_archery,
            GameKind::Quoits => EmbedSpec::new_quoits,
            GameKind::Dominoes => EmbedSpec::new_dominoes,
            GameKind::Doquin => EmbedSpec::new_doquin,
        }
    }

    /// A new game of Morris: the address's variant (Morelles if none).
    pub fn new_morris(&self) -> Result<Record, String> {
        let variant = match self.preset.as_deref() {
            None => Variant::Morelles,
            Some(name) => Variant::from_name(name)
                .ok_or_else(|| format!("unknown Morris variant \"{}\"", cut_short(name)))?,
        };
        let position = Position::new(variant, morris::Options::default());
        Ok(Record::new(
            GameKind::Morris,
            Some(variant.name()),
            position.options_json(),
            self.players(),
        ))
    }

    /// A new game of Archery, which has no options.
    pub fn new_archery(&self) -> Result<Record, String> {
        Ok(Record::new(
            GameKind::Archery,
            None,
            Default::default(),
            self.players(),
        ))
    }

    /// A new game of Quoits, on one pitch or two as the seats need.
    pub fn new_quoits(&self) -> Result<Record, String> {
        let game = Quoits::new(self.seats.len(), quoits::Options::default());
        Ok(Record::new(
            GameKind::Quoits,
            None,
            game.options_json(),
            self.players(),
        ))
    }

    /// A new game of dominoes: the address's game (the Block Game if none), with its options
    /// for the number of seats.
    pub fn new_dominoes(&self) -> Result<Record, String> {
        let n = self.seats.len();
        let game = match self.preset.as_deref() {
            None => DominoGame::Block,
            Some(name) => DominoGame::from_name(name)
                .ok_or_else(|| format!("unknown game of dominoes \"{}\"", cut_short(name)))?,
        };
        let table = Dominoes::new(game, n, dominoes::Options::defaults(game, n))?;
        Ok(Record::new(
            GameKind::Dominoes,
            Some(game.name()),
            table.options_json(),
            self.players(),
        ))
    }

    /// A new game of Doquin, with the standard block and pegs.
    pub fn new_doquin(&self) -> Result<Record, String> {
        let game = Doquin::new(self.seats.len(), doquin::Options::default())?;
        Ok(Record::new(
            GameKind::Doquin,
            None,
            game.options_json(),
            self.players(),
        ))
    }

    /// The players: "Player 1", "Hard computer", ... where the address names nobody (numbered
    /// when two would share a name).
    fn players(&self) -> Vec<Player> {
        let mut names = self.default_names();
        if !self.names.is_empty() {
            for (name, given) in names.iter_mut().zip(&self.names) {
                if !given.is_empty() {
                    name.clone_from(given);
                }
            }
            names = super::dominoes::distinct_names(&names);
        }
        self.seats
            .iter()
            .zip(names)
            .enumerate()
            .map(|(i, (seat, name))| Player {
                colour: self.colours.get(i).cloned(),
                ..match seat {
                    Seat::Human => Player::human(&name),
                    Seat::Computer(Some(level)) => Player::computer(&name, level.name()),
                    Seat::Computer(None) => Player::computer_without_level(&name),
                }
            })
            .collect()
    }

    /// The app's own names for the seats: "Player 1", "Hard computer", made distinct.
    fn default_names(&self) -> Vec<String> {
        let names: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| match seat {
                Seat::Human => format!("Player {}", i + 1),
                Seat::Computer(Some(level)) => level.seat_name(),
                Seat::Computer(None) => format!("Computer {}", i + 1),
            })
            .collect();
        super::dominoes::distinct_names(&names)
    }
}

/// A person against the computer at Hard (or at none, where the game has no levels).
fn default_seats(game: GameKind) -> Vec<Seat> {
    vec![Seat::Human, Seat::Computer(Some(Level::Hard)).in_game(game)]
}

/// Whether `name` is one the app gives a seat like `seat` ("Player 2", "Hard computer",
/// "Hard computer 2", "Computer 1"), not one a player chose.
fn is_app_name(name: &str, seat: Seat) -> bool {
    let numbered = |stem: &str| {
        name.strip_prefix(stem)
            .and_then(|rest| rest.strip_prefix(' '))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    match seat {
        Seat::Human => numbered("Player"),
        Seat::Computer(None) => numbered("Computer"),
        Seat::Computer(Some(level)) => {
            let stem = level.seat_name();
            name == stem || numbered(&stem)
        }
    }
}

/// A seat's name from the address: percent-decoded and not too long; empty (or blank) for the
/// app's own name for the seat.
fn read_name(text: &str) -> Result<String, String> {
    // A site's tools (`URLSearchParams`) write a space as `+`, and a `+` as `%2B`, as Parlour does.
    let name = decode_percent(&text.replace('+', " "))
        .ok_or_else(|| format!("the name \"{}\" is not written right", cut_short(text)))?;
    let name = crate::record::clean_name(&name);
    let length = name.chars().count();
    if length > NAME_LIMIT {
        Err(format!(
            "the name \"{}\" is {length} characters long; a name may have at most {NAME_LIMIT}",
            cut_short(&name)
        ))
    } else {
        Ok(name)
    }
}

/// A seat's colour from the address: one of the teetotum games' colours.
fn read_colour(text: &str) -> Result<String, String> {
    if COLOURS.contains(&text) {
        Ok(text.to_string())
    } else {
        Err(format!(
            "unknown colour \"{}\" ({})",
            cut_short(text),
            COLOURS.join(", ")
        ))
    }
}

/// A name as the address writes it: every byte but letters, digits and `-_.~` percent-encoded,
/// as `encodeURIComponent` does (so a comma or an ampersand in a name is kept).
pub fn encode_name(name: &str) -> String {
    let mut text = String::with_capacity(name.len());
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
            text.push(char::from(byte));
        } else {
            text.push('%');
            for nibble in [byte >> 4, byte & 15] {
                text.push(
                    char::from_digit(u32::from(nibble), 16).map_or('0', |c| c.to_ascii_uppercase()),
                );
            }
        }
    }
    text
}

/// The settings of an embed address (what follows its `?`), each a key and its value as
/// written. An address copied out of a page's HTML may keep `&amp;` for `&`: it is read as `&`.
fn settings(query: &str) -> impl Iterator<Item = (&str, &str)> {
    query.split('&').filter(|p| !p.is_empty()).map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key.strip_prefix("amp;").unwrap_or(key), value)
    })
}

/// The settings of an embed address, refused if one is given twice: a curator who adds
/// `&theme=dark` to an address that has `theme=light` should hear which one is meant, not
/// see one of them taken without a word. `preset` and `variant` are one setting.
pub fn once_each(query: &str) -> Result<Vec<(&str, &str)>, String> {
    let all: Vec<_> = settings(query).collect();
    fn one(key: &str) -> &str {
        if key == "variant" {
            "preset"
        } else {
            key
        }
    }
    for (i, (key, _)) in all.iter().enumerate() {
        if let Some((first, _)) = all[..i].iter().find(|(k, _)| one(k) == one(key)) {
            let names = if first == key {
                format!("\"{}\" is", cut_short(key))
            } else {
                format!("\"{first}\" and \"{key}\" (one setting) are")
            };
            return Err(format!("{names} given twice in the address: give it once"));
        }
    }
    Ok(all)
}

/// A setting's value as a curator may write it: percent-encoding undone, and in lower case
/// (`theme=Dark`, `seats=Human,Hard`) but for a save's id, which is kept as written.
pub fn setting_value(key: &str, value: &str) -> String {
    let mut text = decoded(value).into_owned();
    if key != "save" {
        text.make_ascii_lowercase();
    }
    text
}

/// A setting's value as a site's tools may write it, percent-encoded (`human%2Chard`), read
/// back; as written if it is not.
pub fn decoded(value: &str) -> std::borrow::Cow<'_, str> {
    decode_percent(value).map_or(std::borrow::Cow::Borrowed(value), std::borrow::Cow::Owned)
}

/// Percent-encoded text read back: `None` if an escape is broken or the bytes are not UTF-8.
pub fn decode_percent(text: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.bytes();
    while let Some(byte) = rest.next() {
        if byte == b'%' {
            let high = char::from(rest.next()?).to_digit(16)?;
            let low = char::from(rest.next()?).to_digit(16)?;
            bytes.push((high * 16 + low) as u8);
        } else {
            bytes.push(byte);
        }
    }
    String::from_utf8(bytes).ok()
}

/// A saved game's id as Parlour writes them: short, of letters, digits and dashes.
fn is_save_id(text: &str) -> bool {
    (1..=64).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whether a setting's name could be an option's (the game's rules say which are).
fn is_option_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
}

/// An option's value as the address writes it: `50`, `true`.
fn option_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// An option's value from the address's `text`, of the same kind as the preset's value `like`.
fn option_value(key: &str, text: &str, like: &Value) -> Result<Value, String> {
    match like {
        Value::Bool(_) => match text {
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ => Err(format!(
                "{key} must be true or false, not \"{}\"",
                cut_short(text)
            )),
        },
        Value::Number(_) => match text.parse::<u32>() {
            Ok(n) => Ok(Value::from(n)),
            Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                Err(format!("{key} {} is far too large", cut_short(text)))
            }
            Err(_)
                if text.starts_with('-')
                    && text.len() > 1
                    && text[1..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                Err(format!(
                    "{key} cannot be negative, not \"{}\"",
                    cut_short(text)
                ))
            }
            Err(_) => Err(format!(
                "{key} must be a number, not \"{}\"",
                cut_short(text)
            )),
        },
        _ => Ok(Value::String(text.to_string())),
    }
}

/// Words from an address as a message quotes them: at most 40 characters (the longest name),
/// so that a long one does not run off the screen.
fn cut_short(text: &str) -> String {
    crate::record::cut_to(text, NAME_LIMIT)
}

/// Sets an option, in the order the address writes them: Doquin's `size` and `pegs` first, as
/// the address always has (an embed's autosave is named from its address), then the rest by
/// name.
fn put_option(options: &mut Vec<(String, String)>, key: &str, value: &str) {
    let rank = |key: &str| match key {
        "size" => 0,
        "pegs" => 1,
        _ => 2,
    };
    options.retain(|(k, _)| k != key);
    let at = options
        .iter()
        .position(|(k, _)| (rank(k), k.as_str()) > (rank(key), key))
        .unwrap_or(options.len());
    options.insert(at, (key.to_string(), value.to_string()));
}

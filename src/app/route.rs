//! Screens and their URLs. The route lives in the URL's fragment (`#/play/<id>`), so every
//! screen survives a reload and works from any sub-path of a plain static file server.

use parlour::games::GameKind;

/// A screen of the app.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Route {
    /// The five games.
    Home,
    /// Setting up a new game.
    New(GameKind),
    /// A game in play, by the id of its autosave.
    Play(String),
    /// The saved games.
    Saves,
    /// A game's rules, opened at a section (a heading's id, such as a variant's name) or at the
    /// top (an empty section).
    Rules(GameKind, String),
    /// Light and dark, animations.
    Settings,
    /// A share link: the record itself, URI-encoded JSON.
    Open(String),
    /// A record to step through (read-only): URI-encoded JSON, as in a share link.
    Replay(String),
    /// One game alone, for an iframe: `<game>?preset=..&seats=..&theme=..`.
    Embed(String),
    /// A URL that names no screen.
    NotFound(String),
}

impl Route {
    /// The route a URL fragment names (with or without its `#`).
    pub fn from_hash(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        // An embed address with its settings but no game ("#/embed?seats=..") is refused in
        // the frame's style, as one with no game at all is.
        if let Some(settings) = path.strip_prefix("embed?") {
            return Route::Embed(format!("?{settings}"));
        }
        let (head, tail) = path.split_once('/').unwrap_or((path, ""));
        let game = || GameKind::from_name(tail);
        match head {
            "" => Route::Home,
            "saves" if tail.is_empty() => Route::Saves,
            "settings" if tail.is_empty() => Route::Settings,
            "new" if game().is_some() => Route::New(game().unwrap_or(GameKind::Morris)),
            "rules" => {
                let (name, section) = tail.split_once('/').unwrap_or((tail, ""));
                let id = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-';
                match GameKind::from_name(name) {
                    Some(game) if section.bytes().all(id) => Route::Rules(game, section.into()),
                    _ => Route::NotFound(path.to_string()),
                }
            }
            "play" if !tail.is_empty() && !tail.contains('/') => Route::Play(tail.to_string()),
            "open" if !tail.is_empty() => Route::Open(tail.to_string()),
            "replay" if !tail.is_empty() => Route::Replay(tail.to_string()),
            // (With no game named, the embedded page says so, in the frame's own style.)
            "embed" => Route::Embed(tail.to_string()),
            _ => Route::NotFound(path.to_string()),
        }
    }

    /// The URL fragment of the route, with its `#`.
    pub fn hash(&self) -> String {
        match self {
            Route::Home => "#/".to_string(),
            Route::New(game) => format!("#/new/{}", game.name()),
            Route::Play(id) => format!("#/play/{id}"),
            Route::Saves => "#/saves".to_string(),
            Route::Rules(game, section) if section.is_empty() => format!("#/rules/{}", game.name()),
            Route::Rules(game, section) => format!("#/rules/{}/{section}", game.name()),
            Route::Settings => "#/settings".to_string(),
            Route::Open(encoded) => format!("#/open/{encoded}"),
            Route::Replay(encoded) => format!("#/replay/{encoded}"),
            Route::Embed(query) => format!("#/embed/{query}"),
            Route::NotFound(path) => format!("#/{path}"),
        }
    }

    /// The page title for the route.
    pub fn title(&self) -> String {
        let screen = match self {
            Route::Home => return "Parlour: old parlour games".to_string(),
            Route::New(game) => format!("New game of {}", game.title()),
            Route::Play(_) => "Playing".to_string(),
            Route::Saves => "Saved games".to_string(),
            Route::Rules(game, _) => format!("{}: the rules", game.title()),
            Route::Settings => "Settings".to_string(),
            Route::Open(_) => "Opening a shared game".to_string(),
            Route::Replay(_) => "Replay".to_string(),
            Route::Embed(query) if query.starts_with("replay/") => "Replay (embedded)".to_string(),
            Route::Embed(query) => {
                let game = query.split(['?', '/']).next().unwrap_or_default();
                match parlour::games::GameKind::from_name(game) {
                    Some(game) => format!("{} (embedded)", game.title()),
                    None => "Embedded game".to_string(),
                }
            }
            Route::NotFound(_) => "Page not found".to_string(),
        };
        format!("{screen} · Parlour")
    }
}

//! A game's rules page. The text ships as an HTML file beside the app (`rules/<game>.html`),
//! fetched when the page opens, so it costs nothing to the first load. Its headings have ids,
//! and a page opened at one (`#/rules/morris/six-mens`, as a game's Rules button and the page's
//! contents list link) is scrolled to that heading, which takes the keyboard's focus.

use leptos::prelude::*;

use parlour::games::GameKind;

use super::dom;

/// The heading with this id, made ready to take the focus and scrolled to the top of the screen.
fn heading(id: &str) -> Option<web_sys::Element> {
    let heading = dom::window().document()?.get_element_by_id(id)?;
    heading.set_attribute("tabindex", "-1").ok()?;
    heading.scroll_into_view_with_bool(true);
    Some(heading)
}

#[component]
pub fn RulesPage(game: GameKind, section: String) -> impl IntoView {
    // The page's text: none until it has come (a task and a signal: see `parts::loading`).
    let text = RwSignal::new(None::<Result<String, String>>);
    leptos::task::spawn_local(async move {
        let fetched = dom::fetch_text(&format!("rules/{}.html", game.name())).await;
        let loaded = fetched.is_ok();
        text.try_set(Some(fetched));
        if loaded && !section.is_empty() {
            // A section the page has not (Morelles and Morrice, whose rules are the page's
            // own from its top) leaves the page at its top, and the address without it.
            dom::focus_soon(move || {
                let found = heading(&section);
                if found.is_none() {
                    dom::replace(&super::route::Route::Rules(game, String::new()));
                }
                found
            });
        }
    });
    // A link to the section the address already names changes no route, so it is followed
    // here: the page goes back to that heading.
    let again = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let link = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("a[href]").ok().flatten());
        let href = link.and_then(|a| a.get_attribute("href"));
        let here = dom::window().location().hash().ok();
        if let (Some(href), Some(here)) = (href, here) {
            if href == here {
                let id = href.rsplit('/').next().unwrap_or_default().to_string();
                if let Some(heading) = heading(&id) {
                    ev.prevent_default();
                    dom::focus_element(&heading);
                }
            }
        }
    };
    let play = format!("#/new/{}", game.name());
    view! {
        <article class="screen narrow rules">
            <h1 id="screen-title" tabindex="-1">{game.title()} ": the rules"</h1>
            {game.playable().then(|| view! {
                <p><a class="button primary" href=play>"Play " {game.title()}</a></p>
            })}
            {move || match text.get() {
                None => view! { <p class="loading">"Loading the rules…"</p> }.into_any(),
                Some(Ok(html)) => view! { <div class="rules-text" inner_html=html on:click=again></div> }.into_any(),
                Some(Err(why)) => view! {
                    <p class="error" role="alert">
                        "The rules could not be loaded (" {why} "). If you are offline, try again once connected."
                    </p>
                }.into_any(),
            }}
        </article>
    }
}

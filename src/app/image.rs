//! A picture of the board as it stands: the board's SVG made to stand alone (the colours, lines
//! and type that the style sheet gives it written into every shape), or a PNG drawn from it;
//! copied to the clipboard where the browser allows, else downloaded.

use leptos::prelude::*;
use leptos::wasm_split::wasm_split;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use parlour::decimal::short;

use super::dom;
use super::modal::Modal;
use super::parts::{dialog_button, PartMissing};
use super::play::sentence;

/// The boards a picture is taken of: the first on the screen (for Doquin, the block).
const BOARD: &str = "main svg.board, main svg.doquin-block";

/// What the style sheet decides about a shape's looks, written into the picture.
const LOOKS: [&str; 19] = [
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-dasharray",
    "stroke-linecap",
    "stroke-linejoin",
    "vector-effect",
    "paint-order",
    "opacity",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "dominant-baseline",
    "visibility",
    "display",
];

/// The longest side of the PNG, in pixels.
const PNG_SIZE: f64 = 1200.0;

fn failed(_: JsValue) -> String {
    "the browser could not make the picture".to_string()
}

/// Writes the computed looks of `shown` into the style of `copy`.
fn inline_looks(shown: &web_sys::Element, copy: &web_sys::Element) -> Result<(), String> {
    let Some(computed) = dom::window().get_computed_style(shown).map_err(failed)? else {
        return Ok(());
    };
    let mut style = copy.get_attribute("style").unwrap_or_default();
    for name in LOOKS {
        let value = computed.get_property_value(name).map_err(failed)?;
        if !value.is_empty() {
            style.push_str(&format!(";{name}:{value}"));
        }
    }
    copy.set_attribute("style", style.trim_start_matches(';'))
        .map_err(failed)
}

/// The board on the screen as a standalone SVG document, with its width and height.
pub fn board_svg() -> Result<(String, f64, f64), String> {
    let document = dom::window().document().ok_or("there is no page")?;
    let board = document
        .query_selector(BOARD)
        .map_err(failed)?
        .ok_or("there is no board on this screen")?;
    let copy: web_sys::Element = board
        .clone_node_with_deep(true)
        .map_err(failed)?
        .unchecked_into();
    let shown = board.query_selector_all("*").map_err(failed)?;
    let copies = copy.query_selector_all("*").map_err(failed)?;
    // The looks are read with the pieces marked for the player unmarked for a moment, and the
    // marks put back whatever happens.
    // (The copy loses them for good: they would mean nothing outside Parlour.)
    unmark(&copy)?;
    let marked = unmark(&board)?;
    let looks = (|| {
        inline_looks(&board, &copy)?;
        for i in 0..shown.length().min(copies.length()) {
            if let (Some(a), Some(b)) = (shown.get(i), copies.get(i)) {
                inline_looks(a.unchecked_ref(), b.unchecked_ref())?;
            }
        }
        Ok::<(), String>(())
    })();
    for (element, class) in marked {
        let _ = element.class_list().add_1(class);
    }
    looks?;
    // Only the position: what is drawn for the player's next move is taken out, once the looks
    // are written (they pair the copy's shapes with the page's by their order).
    let for_the_player = copy
        .query_selector_all(super::boards::FOR_THE_PLAYER)
        .map_err(failed)?;
    for i in 0..for_the_player.length() {
        if let Some(mark) = for_the_player.get(i) {
            mark.unchecked_into::<web_sys::Element>().remove();
        }
    }
    // What is behind the board on screen (the Dominoes table's felt, else the page), as its
    // background.
    let mut behind = board.parent_element();
    while let Some(element) = behind {
        let background = match dom::window().get_computed_style(&element).map_err(failed)? {
            Some(computed) => computed
                .get_property_value("background-color")
                .map_err(failed)?,
            None => String::new(),
        };
        // (The browser gives a colour as rgb(..), or rgba(..) when it is not opaque.)
        let alpha = background
            .strip_prefix("rgba(")
            .and_then(|rest| rest.trim_end_matches(')').rsplit(',').next())
            .map(str::trim);
        let see_through =
            background.is_empty() || background == "transparent" || alpha == Some("0");
        if !see_through {
            let style = copy.get_attribute("style").unwrap_or_default();
            copy.set_attribute("style", &format!("{style};background-color:{background}"))
                .map_err(failed)?;
            break;
        }
        behind = element.parent_element();
    }
    // (Read by the browser's own parseFloat: Rust's float parsing would bring its tables in.)
    let view_box: Vec<f64> = board
        .get_attribute("viewBox")
        .unwrap_or_default()
        .split([' ', ','])
        .map(js_sys::parse_float)
        .filter(|n| n.is_finite())
        .collect();
    let (x, y, width, height) = match view_box[..] {
        [x, y, w, h] => drawn_area(&board, (x, y, w, h)),
        _ => (0.0, 0.0, 600.0, 600.0),
    };
    let view_box = [x, y, width, height]
        .map(|n| short(n).to_string())
        .join(" ");
    copy.set_attribute("viewBox", &view_box).map_err(failed)?;
    for (name, value) in [("width", width), ("height", height)] {
        copy.set_attribute(name, &short(value).to_string())
            .map_err(failed)?;
    }
    // A picture is an image: what made the board a control (its focus, its parts' roles and
    // names) is taken out; the whole keeps the board's name.
    for i in 0..copies.length() {
        if let Some(part) = copies.get(i) {
            without_controls(part.unchecked_ref());
        }
    }
    let label = copy.get_attribute("aria-label");
    without_controls(&copy);
    copy.set_attribute("role", "img").map_err(failed)?;
    if let Some(label) = label {
        copy.set_attribute("aria-label", &label).map_err(failed)?;
    }
    let text = web_sys::XmlSerializer::new()
        .map_err(failed)?
        .serialize_to_string(&copy)
        .map_err(failed)?;
    Ok((
        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{text}"),
        width,
        height,
    ))
}

/// The part of a board's drawing (its viewBox, `x, y, width, height`) that something is drawn
/// in, with a margin: a board leaves room for what may come (the Doquin block, for rods
/// reaching out on any side), which a picture of it as it stands need not keep. A board drawn
/// edge to edge keeps its whole viewBox.
fn drawn_area(
    board: &web_sys::Element,
    (x, y, w, h): (f64, f64, f64, f64),
) -> (f64, f64, f64, f64) {
    let whole = (x, y, w, h);
    let Some(drawn) = board
        .dyn_ref::<web_sys::SvgGraphicsElement>()
        .and_then(|svg| svg.get_b_box().ok())
    else {
        return whole;
    };
    let margin = 0.04 * w.max(h);
    let left = (drawn.x() as f64 - margin).max(x);
    let top = (drawn.y() as f64 - margin).max(y);
    let right = (drawn.x() as f64 + drawn.width() as f64 + margin).min(x + w);
    let bottom = (drawn.y() as f64 + drawn.height() as f64 + margin).min(y + h);
    if right - left < w / 4.0 || bottom - top < h / 4.0 {
        return whole;
    }
    (left, top, right - left, bottom - top)
}

/// Takes the player's marks (`boards::PLAYER_MARKS`) off the board's pieces, and returns what
/// it took off to be put back.
fn unmark(board: &web_sys::Element) -> Result<Vec<(web_sys::Element, &'static str)>, String> {
    // Everything is found before anything is taken off, so that an error leaves all as it was.
    let mut found_all = Vec::new();
    for class in super::boards::PLAYER_MARKS {
        let found = board
            .query_selector_all(&format!(".{class}"))
            .map_err(failed)?;
        found_all.push((class, found));
    }
    let mut taken = Vec::new();
    for (class, found) in found_all {
        for i in 0..found.length() {
            if let Some(node) = found.get(i) {
                let element: web_sys::Element = node.unchecked_into();
                let _ = element.class_list().remove_1(class);
                taken.push((element, class));
            }
        }
    }
    Ok(taken)
}

/// Takes out of a copied board's element what makes it a control rather than a picture.
fn without_controls(element: &web_sys::Element) {
    for name in [
        "tabindex",
        "role",
        "aria-label",
        "aria-labelledby",
        "aria-describedby",
        "aria-activedescendant",
        "aria-roledescription",
        "aria-disabled",
        "aria-pressed",
        "aria-hidden",
    ] {
        let _ = element.remove_attribute(name);
    }
}

/// An SVG document as a `data:` address.
fn svg_address(svg: &str) -> String {
    format!(
        "data:image/svg+xml;charset=utf-8,{}",
        dom::encode_component(svg)
    )
}

/// Fetches a `data:` address as a Blob.
async fn blob_of(address: &str) -> Result<web_sys::Blob, String> {
    let response: web_sys::Response = JsFuture::from(dom::window().fetch_with_str(address))
        .await
        .map_err(failed)?
        .unchecked_into();
    let blob = JsFuture::from(response.blob().map_err(failed)?)
        .await
        .map_err(failed)?;
    Ok(blob.unchecked_into())
}

/// The SVG drawn onto a canvas, as PNG.
async fn png_of(svg: &str, width: f64, height: f64) -> Result<web_sys::Blob, String> {
    let image = web_sys::HtmlImageElement::new().map_err(failed)?;
    let loaded = js_sys::Promise::new(&mut |resolve, reject| {
        image.set_onload(Some(&resolve));
        image.set_onerror(Some(&reject));
    });
    image.set_src(&svg_address(svg));
    JsFuture::from(loaded).await.map_err(failed)?;
    let scale = PNG_SIZE / width.max(height).max(1.0);
    let document = dom::window().document().ok_or("there is no page")?;
    let canvas: web_sys::HtmlCanvasElement = document
        .create_element("canvas")
        .map_err(failed)?
        .unchecked_into();
    canvas.set_width((width * scale).round() as u32);
    canvas.set_height((height * scale).round() as u32);
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(failed)?
        .ok_or("the browser cannot draw")?
        .unchecked_into();
    context
        .draw_image_with_html_image_element_and_dw_and_dh(
            &image,
            0.0,
            0.0,
            width * scale,
            height * scale,
        )
        .map_err(failed)?;
    let address = canvas.to_data_url_with_type("image/png").map_err(failed)?;
    blob_of(&address).await
}

/// Puts a PNG on the clipboard.
async fn copy_png(png: &web_sys::Blob) -> Result<(), String> {
    let items = js_sys::Object::new();
    js_sys::Reflect::set(&items, &"image/png".into(), png).map_err(failed)?;
    let item = web_sys::ClipboardItem::new_with_record_from_str_to_blob_promise(&items)
        .map_err(|_| "this browser cannot copy pictures".to_string())?;
    let clipboard = dom::window().navigator().clipboard();
    JsFuture::from(clipboard.write(&js_sys::Array::of1(&item)))
        .await
        .map(|_| ())
        .map_err(|_| "the browser did not allow copying the picture".to_string())
}

/// What the player asked for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Take {
    Copy,
    Svg,
    Png,
}

/// Makes the picture and copies or downloads it; the words say what happened.
async fn take(what: Take, name: String) -> String {
    let (svg, width, height) = match board_svg() {
        Ok(made) => made,
        Err(e) => return sentence(&e),
    };
    let result = match what {
        Take::Svg => dom::download(&format!("{name}.svg"), &svg, "image/svg+xml")
            .map(|()| "The SVG picture was downloaded.".to_string()),
        Take::Png | Take::Copy => match png_of(&svg, width, height).await {
            Err(e) => Err(e),
            Ok(png) if what == Take::Copy => match copy_png(&png).await {
                Ok(()) => Ok("The picture was copied.".to_string()),
                Err(why) => dom::download_blob(&format!("{name}.png"), &png).map(|()| {
                    format!(
                        "{}, so it was downloaded instead.",
                        sentence(&why).trim_end_matches('.')
                    )
                }),
            },
            Ok(png) => dom::download_blob(&format!("{name}.png"), &png)
                .map(|()| "The PNG picture was downloaded.".to_string()),
        },
    };
    result.unwrap_or_else(|e| sentence(&e))
}

/// The "Picture" button. Its dialog is in a part of its own (`picture`), fetched when first
/// opened.
#[component]
pub fn PictureButton(
    /// The file name without its extension ("parlour-morris-20260101-1200").
    #[prop(into)]
    name: Signal<String>,
) -> impl IntoView {
    dialog_button("Picture", move |close| picture_dialog(name, close))
}

#[wasm_split(picture, wasm_split_path = ::leptos::wasm_split, fallible)]
fn picture_dialog(name: Signal<String>, on_close: Callback<()>) -> Result<AnyView, PartMissing> {
    Ok(view! { <PictureDialog name=name on_close=on_close/> }.into_any())
}

/// The "Picture" dialog: the board as it stands when it opens, to copy or download.
#[component]
fn PictureDialog(name: Signal<String>, on_close: Callback<()>) -> impl IntoView {
    let said = RwSignal::new(String::new());
    let preview = match board_svg() {
        Ok((svg, _, _)) => svg_address(&svg),
        Err(e) => {
            said.set(sentence(&e));
            String::new()
        }
    };
    let act = move |what: Take| {
        let name = name.get_untracked();
        leptos::task::spawn_local(async move { said.set(take(what, name).await) });
    };
    view! {
        <Modal title="Picture of the board".to_string() on_close=on_close>
            <p>"The board as it stands now, as a picture that looks the same outside Parlour."</p>
            {(!preview.is_empty()).then(|| view! {
                <img class="board-picture" src=preview alt="The board as it stands"/>
            })}
            <p class="actions pairs">
                <button type="button" class="primary" on:click=move |_| act(Take::Copy)>"Copy picture"</button>
                <button type="button" on:click=move |_| act(Take::Svg)>"Download SVG"</button>
                <button type="button" on:click=move |_| act(Take::Png)>"Download PNG"</button>
                <button type="button" on:click=move |_| on_close.run(())>"Close"</button>
            </p>
            <p role="status">{move || said.get()}</p>
        </Modal>
    }
}

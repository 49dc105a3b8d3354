// The Bureau's messages in the page (imported by bureau.js): rule ids as links to the
// rules, the answer first, and a pop-up that keeps clear of the form it answers.

// A rule id (NSE-23, ARI-A17) or a range of them (ARI-12..21, NSE-07 .. NSE-09) links to
// its anchor on its game's rules page, as bureau/web/rules.py draws it (the first id of a
// range). Each game's ids begin with its prefix.
export const RULE_GAMES = {
  ARI: "aristocracy", NOB: "nobility", DEC: "decrees", SEA: "seabirds", NSE: "noblesse",
};
const RULE_ID = new RegExp(
  `\\b(${Object.keys(RULE_GAMES).join("|")})-(A?)(\\d+)\\b(?:\\s*\\.\\.\\s*(?:\\1-)?A?\\d+\\b)?`, "g");

export function ruleHref(id) {
  const [, prefix, ruling, number] = id.match(/^([A-Z]{3})-(A?)(\d+)/);
  return `/rules/${RULE_GAMES[prefix]}#${prefix}-${ruling}${String(Number(number)).padStart(2, "0")}`;
}

// `text` as text nodes, with each rule id in it as a link.
export function linked(text) {
  const out = document.createDocumentFragment();
  let at = 0;
  for (const m of text.matchAll(RULE_ID)) {
    out.append(text.slice(at, m.index));
    const link = document.createElement("a");
    link.className = "rule";
    link.href = ruleHref(m[0]);
    link.textContent = m[0];
    out.append(link);
    at = m.index + m[0].length;
  }
  out.append(text.slice(at));
  return out;
}

// A refusal leads with the answer. The engines end it with what may be typed now
// ("you have no 9S in your hand. Form your stall with ..."): the first sentence is said
// in full, and the rest, when it shows orders to type ('...'), is folded away. A sentence
// ends at . ! or ? before a capital, a digit or a quote, outside parentheses and quotes,
// and not after "e.g.".
export function parts(text) {
  const next = /\s+[\p{Lu}\d'"]/uy;
  let depth = 0, quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i], before = text[i - 1] ?? " ", after = text[i + 1] ?? " ";
    if (c === "'" && !quoted && /[\s(:,[]/.test(before)) quoted = true;
    else if (c === "'" && quoted && /[\s.,;:)!?\]]/.test(after)) quoted = false;
    else if (quoted) continue;
    else if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && ".!?".includes(c)) {
      next.lastIndex = i + 1;
      if (!next.test(text) || /\b(?:e\.g|i\.e|cf|etc|vs)$/i.test(text.slice(0, i))) continue;
      const rest = text.slice(i + 1).trim();
      return rest.includes("'") ? { said: text.slice(0, i + 1), how: rest } : { said: text, how: "" };
    }
  }
  return { said: text, how: "" };
}

// A message into its slot (the order box's line, a form's error line): the first sentence
// in `.said`, the typing help under "how to type it" (kept open if the reader opened it).
export function showMessage(slot, text) {
  const { said, how } = parts(text);
  const wasOpen = slot.querySelector(":scope > details.how")?.open ?? false;
  const head = document.createElement("span");
  head.className = "said";
  head.append(linked(said));
  slot.replaceChildren(head);
  if (!how) return;
  const fold = document.createElement("details");
  fold.className = "how";
  fold.open = wasOpen;
  const summary = document.createElement("summary");
  summary.textContent = "how to type it";
  const body = document.createElement("div");
  body.append(linked(how));
  fold.append(summary, body);
  slot.append(" ", fold);
}

// The pop-up goes to the bottom of the window, or to its top when the elements it must
// not cover (the form answered, the order box) leave more room there; it shrinks rather
// than cover them.
export function placeToast(box, avoid) {
  const margin = 8;
  box.style.top = box.style.bottom = box.style.maxHeight = "";
  const rects = avoid.filter(Boolean).map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > 0 && r.top < innerHeight);
  if (!rects.length) return;
  const top = Math.max(0, Math.min(...rects.map((r) => r.top)));
  const bottom = Math.min(innerHeight, Math.max(...rects.map((r) => r.bottom)));
  const below = innerHeight - bottom - 2 * margin, above = top - 2 * margin;
  const high = box.offsetHeight;
  const atTop = high > below && above > below;
  box.style.top = atTop ? `${margin}px` : "auto";
  box.style.bottom = atTop ? "auto" : `${margin}px`;
  box.style.maxHeight = `${Math.max(0, atTop ? above : below)}px`;
}

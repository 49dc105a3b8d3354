// Noblesse's table in the browser: the board fits the screen or zooms in (and pans, in
// its own scrolling box), and the starting unit's form says as you choose how full each
// slot is and what the unit costs. Loaded once by the table (tables/noblesse.html); the
// table is redrawn inside #live, so everything here is delegated or redone on a redraw.

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

// -- the board's size -------------------------------------------------------------------

// "fit" (every column in view), or a scale: 1 is the board at its full size. The choice
// lasts for the tab; a page wider than the board starts at full size, a phone at "fit".
const KEY = "bureau:noblesse:zoom";
const STEPS = [0.75, 1, 1.25, 1.5, 2];
const EM_WIDE = 4.2, EM_HEAD = 1.5;  // a column and the row letters, in the grid's em
let zoom = sessionStorage.getItem(KEY) || "auto";
let pan = null;  // the board's scroll position, kept across redraws

function board() {
  return $("[data-nob-board]");
}

// The scale at which the whole board is as wide as its box (never above full size).
function fitScale(box) {
  const cols = Number($(".nob-grid", box)?.style.getPropertyValue("--cols")) || 10;
  const wide = (cols * EM_WIDE + EM_HEAD) * parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Math.min(1, (box.clientWidth - 2) / wide);
}

function scale(box) {
  const fit = fitScale(box);
  if (zoom === "fit" || zoom === "auto") return fit;
  return Math.max(fit, Number(zoom) || 1);
}

function apply(keepCentre = false) {
  const box = board();
  if (!box) return;
  const before = Number(getComputedStyle(document.documentElement).getPropertyValue("--nob-z")) || 1;
  const z = scale(box);
  const fitted = z <= fitScale(box) + 0.001;
  const centre = [box.scrollLeft + box.clientWidth / 2, box.scrollTop + box.clientHeight / 2];
  document.documentElement.style.setProperty("--nob-z", z.toFixed(3));
  document.documentElement.toggleAttribute("data-nob-fit", fitted);
  const controls = $("[data-nob-zoom-controls]");
  if (controls) {
    controls.hidden = false;
    $('[data-nob-zoom="fit"]', controls).setAttribute("aria-pressed", String(fitted));
    $('[data-nob-zoom="out"]', controls).disabled = fitted;
    $('[data-nob-zoom="in"]', controls).disabled = z >= STEPS.at(-1);
  }
  if (keepCentre) {  // zooming keeps the same spot in the middle of the box
    box.scrollLeft = centre[0] * (z / before) - box.clientWidth / 2;
    box.scrollTop = centre[1] * (z / before) - box.clientHeight / 2;
  } else if (pan) {
    [box.scrollLeft, box.scrollTop] = pan;
  }
}

function step(direction) {
  const box = board();
  const now = scale(box);
  let next;
  if (direction === "fit") next = "fit";
  else if (direction === "in") next = STEPS.find((s) => s > now + 0.001) ?? STEPS.at(-1);
  else next = [...STEPS].reverse().find((s) => s < now - 0.001) ?? "fit";
  if (next !== "fit" && next <= fitScale(box) + 0.001) next = "fit";
  zoom = String(next);
  sessionStorage.setItem(KEY, zoom);
  apply(true);
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-nob-zoom]");
  if (button) step(button.dataset.nobZoom);
});

document.addEventListener("scroll", (event) => {
  if (event.target.matches?.("[data-nob-board]")) pan = [event.target.scrollLeft, event.target.scrollTop];
}, true);

addEventListener("resize", () => apply());

// -- the starting unit ------------------------------------------------------------------

const SLOTS = ["Officer", "Centre", "Flank", "Reserve"];

// How full each slot of the chosen type is and what the unit costs (NSE-09, NSE-82,
// NSE-84): the Officer slot takes a company only when no character leads the unit,
// whose tier then counts. A slot the type has not (and nothing chosen in it) is hidden.
function fill(builder) {
  const form = builder.closest("form");
  const kind = form.elements.kind.selectedOptions[0];
  if (!kind) return;
  const shape = kind.dataset.shape.split(",").map(Number);
  const officer = form.elements.leader.value === "";
  const need = shape.map((n, i) => (i === 0 ? (officer ? n : 0) : n));
  const counts = [0, 0, 0, 0];
  let tiers = 0;
  for (const select of $$("select[name=companies]", builder)) {
    const n = select.selectedIndex;
    if (!n) continue;
    const i = SLOTS.indexOf(select.dataset.slot);
    counts[i] += n;
    if (i > 0 || officer) tiers += n * Number(select.dataset.tier);
  }
  for (const slot of $$(".nob-slot", builder)) {
    const i = SLOTS.indexOf(slot.dataset.slot);
    slot.hidden = need[i] === 0 && counts[i] === 0;
  }
  const base = Number(kind.dataset.base), extra = Math.ceil(tiers / 10), cost = base + extra;
  const budget = Number(builder.dataset.budget);
  const slots = SLOTS.map((s, i) => (need[i] || counts[i] ? `${s} ${counts[i]} of ${need[i]}` : ""))
    .filter(Boolean).join(", ");
  const wrong = need.some((n, i) => n !== counts[i]);
  const said = wrong ? "the slots are not filled exactly yet"
    : cost > budget ? `over the budget of ${budget} MP` : "ready";
  $("[data-nob-fill]", builder).textContent =
    `${slots}. ${tiers} tiers: ${base} + ${extra} = ${cost} MP of ${budget}: ${said}.`;
}

document.addEventListener("change", (event) => {
  const builder = event.target.closest?.("form")?.querySelector("[data-nob-builder]");
  if (builder) fill(builder);
});

// -- after each redraw of the table -----------------------------------------------------

function redrawn() {
  apply();
  for (const builder of $$("[data-nob-builder]")) fill(builder);
}

const live = $("#live");
if (live) new MutationObserver(redrawn).observe(live, { childList: true });
redrawn();

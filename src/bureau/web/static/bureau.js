// Bureau in the browser: forms post JSON to the API, the table refreshes when the
// game's WebSocket says it changed, orders are checked as they are typed.
// Hand-written, no build step; every page loads this one module (and messages.js).

import { linked, parts, placeToast, showMessage } from "./messages.js";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

function csrf() {
  return $('meta[name="csrf"]')?.content;
}

// The API: JSON in and out; a refusal throws an Error carrying the server's message.
export async function api(method, url, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (csrf()) headers["X-CSRF-Token"] = csrf();
  const response = await fetch(url, {
    method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new Error(data?.error || `${response.status} ${response.statusText}`);
  return data;
}

// The pop-up: a message's first sentence, its rule ids as links; never over `avoid`
// (the form it answers, the order box). One with a link stays longer, to be followed.
function toast(text, avoid = []) {
  const box = $("#toast");
  if (!box) return;
  box.replaceChildren(linked(parts(text).said));
  box.classList.add("shown");
  placeToast(box, avoid);
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("shown"), $("a", box) ? 8000 : 4000);
}

// -- forms that call the API ---------------------------------------------------------

// A form's fields as the API's JSON: "options.x" nests, data-type="int" makes numbers,
// empty fields and disabled fieldsets are left out.
function formBody(form) {
  const body = {};
  for (const field of form.elements) {
    if (!field.name || field.disabled || field.closest("fieldset:disabled")) continue;
    if ((field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
    if (field.value === "") continue;
    const value = field.dataset.type === "int" ? Number(field.value) : field.value;
    const [head, tail] = field.name.split(".", 2);
    if (tail) (body[head] ??= {})[tail] = value;
    else body[head] = value;
  }
  return body;
}

function showError(form, message) {
  const slot = $(".error", form) || $("#order-msg");
  if (slot) showMessage(slot, message);
  toast(message, [form, $("#order")]);
}

async function submitApiForm(form) {
  const body = formBody(form);
  let result = await api("POST", form.dataset.api, body);
  if (form.hasAttribute("data-then-login")) {
    result = await api("POST", "/api/login", { name: body.name, password: body.password });
  }
  if (form.dataset.join && result?.csrf) await joinAfterLogin(form, result.csrf);
  const next = form.dataset.next || "reload";
  if (next === "reload") location.reload();
  else location.assign(next.replace(/\{(\w+)\}/g, (_, key) => result?.[key] ?? ""));
}

// Logged in from an invitation: take the seat it offers now. The new session's CSRF
// token goes into the page first (the API wants it on every POST). A refusal (the
// table filled up, or started) is said on the next page, which still carries the
// invitation.
async function joinAfterLogin(form, token) {
  let meta = $('meta[name="csrf"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "csrf";
    document.head.append(meta);
  }
  meta.content = token;
  try {
    await api("POST", form.dataset.join, { invite: form.dataset.invite });
  } catch (error) {
    sessionStorage.setItem("bureau:flash", `You are logged in, but not seated: ${error.message}`);
  }
}

function showFlash() {
  const text = sessionStorage.getItem("bureau:flash");
  if (!text) return;
  sessionStorage.removeItem("bureau:flash");
  const slot = $("#seat-error");
  if (slot) slot.textContent = text;
  toast(text);
}

// -- playing ---------------------------------------------------------------------------

const gameId = () => $("[data-game-id]")?.dataset.gameId;

// The reader's order, posted once: the key makes a retried request count once.
function postAction(action) {
  const key = crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  return api("POST", `/api/games/${gameId()}/actions`, { action, key });
}

// ``forced``: why the page plays it for the reader; said on its own line, not as her move.
export async function play(text, forced = null) {
  const message = forced === null ? $("#order-msg") : $("#forced-msg");
  try {
    const result = await postAction(text);
    if (message) {
      message.textContent = forced === null ? `Played: ${result.action}` : `Played for you: ${result.action} (${forced})`;
    }
    const receipt = result.receipt, slot = $("#receipt-msg");
    if (slot && receipt) {
      slot.textContent = `Receipt ${receipt.number}: ${receipt.receipt.slice(0, 16)}…`;
      slot.title = `${receipt.receipt} (your action ${receipt.number}: ${receipt.text})`;
    }
    const box = $("#order-text");
    if (box) box.value = "";
    await refreshLive(false);  // the choices made went into this order
  } catch (error) {
    if (message) showMessage(message, error.message);
    const used = document.activeElement;  // the button or form that played it
    toast(error.message, [used, used?.closest("form"), $("#order")]);
  }
}

// An order from a control form: "stall {cards}" takes every checked or chosen value of
// the field "cards", joined by spaces; a textarea's line breaks stay (treaty texts).
function orderFrom(form) {
  return form.dataset.order.replace(/\{(\w+)\}/g, (_, name) =>
    $$(`[name="${name}"]`, form)
      .filter((f) => !((f.type === "checkbox" || f.type === "radio") && !f.checked))
      .map((f) => f.value.trim())
      .filter(Boolean)
      .join(" "),
  ).replace(/[ \t]+/g, " ").replace(/ *\n */g, "\n").trim();  // a treaty keeps its lines
}

let checkTimer = null;
function checkAsTyped(input) {
  clearTimeout(checkTimer);
  const message = $("#order-msg");
  const text = input.value.trim();
  if (!text) { message.textContent = ""; input.removeAttribute("aria-invalid"); return; }
  checkTimer = setTimeout(async () => {
    try {
      const result = await api("POST", `/api/games/${gameId()}/check`, { action: text });
      if (input.value.trim() !== text) return;
      message.textContent = `✓ ${result.action}`;
      input.setAttribute("aria-invalid", "false");
    } catch (error) {
      if (input.value.trim() !== text) return;
      showMessage(message, error.message);
      input.setAttribute("aria-invalid", "true");
    }
  }, 250);
}

// -- live updates ----------------------------------------------------------------------

// Fetches may answer out of order: only the newest request of each kind is shown.
const latest = {};
async function fetchNewest(kind, url) {
  const mine = (latest[kind] = (latest[kind] || 0) + 1);
  const response = await fetch(url, { credentials: "same-origin" });
  const text = await response.text();
  return mine === latest[kind] ? text : null;
}

async function refreshLive(keepChoices = true) {
  const live = $("#live");
  if (!live) return;
  const html = await fetchNewest("live", `/games/${gameId()}/fragment`);
  if (html === null) return;
  const focused = document.activeElement?.id;
  const tipped = $$(".tipped", live).indexOf(document.activeElement);  // an open explanation
  const choices = keepChoices ? choicesIn(live) : new Map();
  const folds = foldsIn(live);
  live.innerHTML = html;
  restoreChoices(live, choices);
  restoreFolds(live, folds);
  if (focused && $(`#${CSS.escape(focused)}`)) $(`#${CSS.escape(focused)}`).focus();
  if (tipped >= 0) $$(".tipped", live)[tipped]?.focus({ preventScroll: true });
  const order = $("#order");
  if (order && $(".outcome", live)) order.hidden = true;  // the game is over
  reserveAll(live);
  showTurn();
  markOverflow(live);
  playForced();
  tick();
}

// The order box repeats whose turn it is (on a phone it stays in view as you scroll).
function showTurn() {
  const line = $("#turn-line"), said = $("#live [data-turn-line]");
  if (line && said) line.textContent = said.textContent.trim();
}

// A part that scrolls sideways (data-scroll-x) is marked while it overflows, so that
// its "scroll sideways" hint shows only then.
function markOverflow(root = document) {
  for (const box of $$("[data-scroll-x]", root)) {
    box.toggleAttribute("data-overflows", box.scrollWidth > box.clientWidth + 1);
  }
}
addEventListener("resize", () => markOverflow());

// A decision with one possible order that reveals nothing (the table marks it with
// data-forced) is played for the reader, as the terminal does, once per decision.
let forcedKey = null;
async function playForced() {
  const marker = $("#live [data-forced]");
  if (!marker || marker.dataset.forcedKey === forcedKey) return;
  forcedKey = marker.dataset.forcedKey;
  await play(marker.dataset.forced, marker.dataset.forcedWhy);
}

// A select with data-reserves="NAME" holds one of the form's NAME checkboxes: the one
// with the chosen value is unticked and disabled (Aristocracy's address card cannot
// also be a building card). With two alike cards, only one is held.
function reserve(select) {
  const boxes = $$(`input[type=checkbox][name="${select.dataset.reserves}"]`, select.form);
  for (const box of boxes.filter((b) => b.dataset.reserved !== undefined)) {
    box.disabled = false;
    delete box.dataset.reserved;
    box.closest("label")?.classList.remove("reserved");
  }
  const alike = boxes.filter((b) => b.value === select.value);
  const held = alike.find((b) => !b.checked) || alike[0];
  if (!select.value || !held) return;
  held.checked = false;
  held.disabled = true;
  held.dataset.reserved = "";
  const label = held.closest("label");
  if (label) {
    label.classList.add("reserved");
    label.dataset.reservedAs = select.dataset.reservedAs || "in use";
  }
}

function reserveAll(root = document) {
  for (const select of $$("select[data-reserves]", root)) reserve(select);
}

// What the reader has ticked, chosen or typed in the table's forms, so that a refresh
// (another player's move) does not undo a half-made choice. Fields are matched by form,
// name, value and how many such came before (a hand may hold two alike cards); controls
// gone after the refresh are simply gone.
function fieldKeys(root) {
  const seen = new Map();
  return $$("form[data-order] :is(input, select, textarea)", root).map((field) => {
    const form = field.form?.getAttribute("aria-label") || field.form?.dataset.order;
    const tick = field.type === "checkbox" || field.type === "radio";
    const base = `${form}|${field.name}|${tick ? field.value : ""}`;
    const n = seen.get(base) || 0;
    seen.set(base, n + 1);
    return [`${base}|${n}`, field];
  });
}

// Which folding panels (deals, forms) the reader opened or closed, by their summary.
function foldsIn(root) {
  return new Map($$("details", root).map((d) => [$("summary", d)?.textContent.trim(), d.open]));
}

function restoreFolds(root, folds) {
  for (const details of $$("details", root)) {
    const key = $("summary", details)?.textContent.trim();
    if (folds.has(key)) details.open = folds.get(key);
  }
}

function choicesIn(root) {
  const choices = new Map();
  for (const [key, field] of fieldKeys(root)) {
    if (field.type === "hidden") continue;
    const tick = field.type === "checkbox" || field.type === "radio";
    choices.set(key, tick ? field.checked : field.value);
  }
  return choices;
}

function restoreChoices(root, choices) {
  for (const [key, field] of fieldKeys(root)) {
    if (!choices.has(key)) continue;
    const was = choices.get(key);
    if (field.type === "checkbox" || field.type === "radio") field.checked = was;
    else if (field.tagName !== "SELECT" || [...field.options].some((o) => o.value === was)) {
      field.value = was;
    }
  }
}

async function refreshTalk() {
  const talk = $("#talk");
  if (!talk) return;
  const open = new Set($$("details[open]", talk).map((d) => d.dataset.thread));
  const html = await fetchNewest("talk", `/games/${gameId()}/talk`);
  if (html === null) return;
  talk.innerHTML = html;
  for (const thread of $$("details[data-thread]", talk)) {
    if (open.has(thread.dataset.thread)) thread.open = true;
    markUnread(thread);
  }
}

// Unread counts per thread: the last message id read is kept in this browser.
function readKey(thread) {
  return `bureau:${gameId()}:${$("#talk").dataset.me}:${thread.dataset.thread}`;
}

function markUnread(thread) {
  const seen = Number(localStorage.getItem(readKey(thread)) || 0);
  if (thread.open) {
    localStorage.setItem(readKey(thread), thread.dataset.last);
  }
  const unread = thread.open ? 0 : $$("li[data-id]", thread).filter((li) => Number(li.dataset.id) > seen).length;
  const badge = $(".unread", thread);
  badge.hidden = unread === 0;
  badge.textContent = unread ? `${unread} new` : "";
}

function connect() {
  const id = gameId();
  if (!id || !$("#live")) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  let delay = 500;
  const open = () => {
    const socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/live`);
    socket.onmessage = () => {
      delay = 500;
      refreshLive();
      refreshTalk();
      if (account()) checkMineSoon();  // this game may have become your turn
    };
    socket.onclose = (event) => {
      if (event.code >= 4000) return;  // refused: nothing to wait for
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 10000);
    };
  };
  open();
}

// Deadlines as live countdowns.
function tick() {
  for (const time of $$("time[data-deadline]")) {
    const left = Math.round(Number(time.dataset.deadline) - Date.now() / 1000);
    if (left <= 0) { time.textContent = "now: the Bureau is resolving"; continue; }
    const h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    time.textContent = h >= 24  // days away: the seconds say nothing
      ? `${Math.floor(h / 24)}d ${h % 24}h ${m}m left`
      : `${h ? `${h}h ` : ""}${m}m ${String(s).padStart(2, "0")}s left`;
  }
}

// -- your games: the tab's title and icon, notifications, a sound ---------------------

// While any Bureau page is open, "(2) Bureau" in the tab and a count on its icon say how
// many of your games wait for you (GET /api/games?mine=1, every 25 seconds, at once when
// this table's WebSocket says something changed). A game that becomes your turn, or
// whose deadline comes within the hour while it waits for you, is announced: a
// notification if you enabled them, a short sound if you turned it on, both off until
// you do. ?poll=SECONDS polls more often (tests), for the rest of the tab's session.
const NEAR = 3600;
const BASE_TITLE = document.title;
const account = () => document.body.dataset.account;
const stored = (key) => `bureau:${account()}:${key}`;

function pollSeconds() {
  const asked = new URLSearchParams(location.search).get("poll");
  if (asked && /^[0-9]{1,4}$/.test(asked)) sessionStorage.setItem("bureau:poll", asked);
  return Math.max(1, Number(sessionStorage.getItem("bureau:poll") || 25));
}

function showWaiting(count) {
  document.title = count ? `(${count}) ${BASE_TITLE}` : BASE_TITLE;
  document.body.dataset.waiting = String(count);
  const icon = $('link[rel="icon"]');
  if (icon) icon.href = count ? badgeIcon(count) : "/static/favicon.svg";
}

// The favicon with the count in a red disc (drawn here: no image files to keep).
function badgeIcon(count) {
  const label = count > 9 ? "9+" : String(count);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    + '<rect width="32" height="32" rx="6" fill="#6b2f1a"/>'
    + '<text x="12" y="24" font-family="serif" font-size="20" font-weight="700" text-anchor="middle" fill="#fff">B</text>'
    + '<circle cx="22" cy="10" r="9.5" fill="#d92d20" stroke="#fff" stroke-width="1.5"/>'
    + `<text x="22" y="14.5" font-family="sans-serif" font-size="${label.length > 1 ? 10 : 13}" font-weight="700" text-anchor="middle" fill="#fff">${label}</text>`
    + "</svg>";
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

let pollTimer = null;
async function checkMine() {
  clearTimeout(pollTimer);
  try {
    const data = await api("GET", "/api/games?mine=1");
    showWaiting(data.your_turn);
    announceChanges(data.mine);
    await refreshMineList(data.mine);
  } catch { /* logged out elsewhere, or the server is away: try again later */ }
  pollTimer = setTimeout(checkMine, pollSeconds() * 1000);
}

let soon = null;
function checkMineSoon() {
  clearTimeout(soon);
  soon = setTimeout(checkMine, 1000);
}

// What to announce, remembered in localStorage so that several open pages (and the next
// page) announce each change once: the games that waited for you at the last look, and
// the deadlines already said to be near. The first look only remembers.
function announceChanges(rows) {
  const before = JSON.parse(localStorage.getItem(stored("turns")) ?? "null");
  const warned = JSON.parse(localStorage.getItem(stored("near")) || "{}");
  const waiting = rows.filter((row) => row.your_turn);
  const near = (row) => row.seconds_left !== null && row.seconds_left <= NEAR;
  const kept = {};
  for (const row of waiting) {
    if (before !== null && !before.includes(row.id)) announce("turn", row);
    else if (near(row) && warned[row.id] !== row.deadline) announce("deadline", row);
    if (near(row)) kept[row.id] = row.deadline;
    else if (warned[row.id] !== undefined) kept[row.id] = warned[row.id];
  }
  localStorage.setItem(stored("turns"), JSON.stringify(waiting.map((row) => row.id)));
  localStorage.setItem(stored("near"), JSON.stringify(kept));
}

function timeLeft(seconds) {
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60);
  return h ? `${h}h ${m}m` : `${m}m ${seconds % 60}s`;
}

function announce(kind, row) {
  const table = `${row.title || row.game_title} #${row.id}`;
  const text = kind === "turn" ? `Your turn: ${table}` : `Deadline near: ${table}`;
  const parts = [row.game_title, row.phase];
  if (row.seconds_left !== null) parts.push(`${timeLeft(row.seconds_left)} left`);
  const body = parts.filter(Boolean).join(" · ");
  const notified = notificationsOn();
  if (notified) {
    const note = new Notification(text, { body, tag: `bureau-${row.id}`, icon: "/static/favicon.svg" });
    note.onclick = () => { window.focus(); location.assign(`/games/${row.id}`); };
  }
  const sound = localStorage.getItem("bureau:sound") === "on";
  if (sound) chime(kind);
  if (String(row.id) !== gameId()) toast(text);  // at its own table the table says so
  document.dispatchEvent(new CustomEvent("bureau:alert", {
    detail: { kind, game: row.id, text, body, notified, sound },
  }));
}

function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted"
    && localStorage.getItem("bureau:notify") === "on";
}

function showAlertControls() {
  const button = $("[data-notify]");
  if (button && "Notification" in window) {
    const on = notificationsOn(), blocked = Notification.permission === "denied";
    button.hidden = false;
    button.disabled = blocked;
    button.setAttribute("aria-pressed", String(on));
    button.textContent = blocked ? "Notifications blocked" : on ? "Notifications on" : "Enable notifications";
    button.title = blocked ? "This browser blocks Bureau's notifications: allow them in the site's settings"
      : on ? "Press to turn notifications off"
      : "A notification when a game becomes your turn or its deadline is near";
  }
  const sound = $("[data-sound]");
  if (sound) sound.checked = localStorage.getItem("bureau:sound") === "on";
}

// The browser asks for permission only here, after a click on the control.
async function toggleNotifications() {
  if (notificationsOn()) localStorage.setItem("bureau:notify", "off");
  else {
    const answer = await Notification.requestPermission();
    localStorage.setItem("bureau:notify", answer === "granted" ? "on" : "off");
  }
  showAlertControls();
}

// A short chime made by the Web Audio API: rising for your turn, three notes for a deadline.
let audio = null;
function chime(kind) {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const start = audio.currentTime + 0.02;
    const notes = kind === "deadline" ? [880, 660, 880] : [660, 880];
    notes.forEach((frequency, i) => {
      const oscillator = audio.createOscillator(), gain = audio.createGain();
      const at = start + i * 0.16;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.16);
    });
  } catch { /* no sound in this browser */ }
}

// The lobby's "My games" is drawn again when anything in it changed.
let mineShown = null;
async function refreshMineList(rows) {
  const section = $("[data-mine]");
  if (!section) return;
  const now = JSON.stringify(rows.map((r) => [r.id, r.status, r.phase, r.pending, r.deadline, r.result]));
  if (mineShown !== null && now !== mineShown) {
    const html = await fetchNewest("mine", "/");
    const fresh = html && new DOMParser().parseFromString(html, "text/html").querySelector("[data-mine]");
    if (fresh) {
      section.innerHTML = fresh.innerHTML;
      tick();
    }
  }
  mineShown = now;
}

function watchMyGames() {
  if (!account()) return;
  showAlertControls();
  checkMine();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkMine();
  });
}

// -- explanations (.tipped > .tip): placed beside their term, inside the window --------

function placeTip(term) {
  const tip = term && $(":scope > .tip", term);
  if (!tip) return;
  const r = term.getBoundingClientRect();
  const left = Math.max(8, Math.min(r.left, innerWidth - tip.offsetWidth - 8));
  const below = r.bottom + 6;
  const top = below + tip.offsetHeight > innerHeight - 8 ? r.top - tip.offsetHeight - 6 : below;
  tip.style.left = `${left}px`;
  tip.style.top = `${Math.max(8, top)}px`;
}

for (const kind of ["focusin", "mouseover"]) {
  document.addEventListener(kind, (event) => placeTip(event.target.closest?.(".tipped")));
}
document.addEventListener("scroll", () => placeTip(document.activeElement?.closest?.(".tipped")), { passive: true });

// -- the replay viewer -----------------------------------------------------------------

async function showFrame(form) {
  const step = form.elements.step.value;
  const seat = form.elements.seat?.value ?? "";
  form.elements.shown.value = `${step} / ${form.elements.step.max}`;
  form.elements.step.setAttribute("aria-valuetext", `step ${step} of ${form.elements.step.max}`);
  // A finished game's replay (any seat), or a running game's look back (your own view).
  const frames = form.dataset.frames || `/games/${form.dataset.replay}/replay/frame`;
  const url = `${frames}?step=${step}&seat=${seat}`;
  const html = await fetchNewest("frame", url);
  if (html !== null) $("#frame").innerHTML = html;
}

// -- wiring ----------------------------------------------------------------------------

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form.dataset.api || form.dataset.order !== undefined || form.hasAttribute("data-order-box") || form.hasAttribute("data-message") || form.hasAttribute("data-settings"))) return;
  event.preventDefault();
  try {
    if (form.dataset.api) await submitApiForm(form);
    else if (form.hasAttribute("data-settings")) await saveSettings(form);
    else if (form.hasAttribute("data-order-box")) await play(form.elements.order.value.trim());
    else if (form.hasAttribute("data-message")) await sendMessage(form);
    else if (checked(form)) await play(orderFrom(form));
  } catch (error) {
    showError(form, error.message);
  }
});

// A table may check a form in the browser before anything is posted: a listener of
// "bureau:check" on the form cancels it and says why in detail.message.
function checked(form) {
  const check = new CustomEvent("bureau:check", { bubbles: true, cancelable: true, detail: { message: "" } });
  if (form.dispatchEvent(check)) return true;
  showError(form, check.detail.message);
  return false;
}

// The account's mail settings: every kind sent, ticked or not; an empty address is none.
async function saveSettings(form) {
  const notify = {};
  for (const box of $$("input[type=checkbox]", form)) notify[box.name.split(".")[1]] = box.checked;
  const email = form.elements.email.value.trim() || null;
  await api("POST", "/api/me", { email, notify });
  $(".error", form).textContent = "Saved.";
}

async function sendMessage(form) {
  const choice = form.elements.to.value;
  if (choice.startsWith("game:")) {  // the game keeps the board (Seabirds): an order
    await postAction(`${choice.slice(5)}: ${form.elements.text.value.trim()}`);
    form.elements.text.value = "";
    $(".error", form).textContent = "";
    await Promise.all([refreshLive(), refreshTalk()]);
    return;
  }
  const [kind, to] = choice.split(":");
  const body = { kind, text: form.elements.text.value };
  if (to !== undefined) body.to = Number(to);
  await api("POST", `/api/games/${gameId()}/messages`, body);
  form.elements.text.value = "";
  $(".error", form).textContent = "";
  await refreshTalk();
}

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  if (button.dataset.action !== undefined) play(button.dataset.action);
  else if (button.dataset.copy) {
    const source = $(button.dataset.copy);
    const text = source.value ?? source.textContent;
    try { await navigator.clipboard.writeText(text); toast("Copied"); }
    catch { source.select?.(); document.execCommand("copy"); }
  } else if (button.hasAttribute("data-notify")) {
    toggleNotifications();
  } else if (button.dataset.forum !== undefined) {
    const format = $("[data-forum-format]").value;
    const seat = button.dataset.forum ? `&seat=${encodeURIComponent(button.dataset.forum)}` : "";
    const response = await fetch(`/api/games/${gameId()}/forum?format=${format}${seat}`, { credentials: "same-origin" });
    $("#forum-text").value = await response.text();
  } else if (button.dataset.step) {
    const form = button.closest("form");
    const range = form.elements.step;
    range.value = Math.max(0, Math.min(Number(range.max), Number(range.value) + Number(button.dataset.step)));
    showFrame(form);
  }
});

document.addEventListener("input", (event) => {
  const target = event.target;
  if (target.id === "order-text") checkAsTyped(target);
  else if (target.closest("form[data-replay]")) showFrame(target.closest("form"));
});

document.addEventListener("change", (event) => {
  const target = event.target;
  if (target.matches("[data-choose-game]")) chooseGame(target);
  else if (target.matches("select[data-reserves]")) reserve(target);
  else if (target.matches("[data-sound]")) {
    localStorage.setItem("bureau:sound", target.checked ? "on" : "off");
    if (target.checked) chime("turn");  // a sample, and the click lets the page play sound
  }
  else if (target.closest("form[data-replay]")) showFrame(target.closest("form"));
});

document.addEventListener("toggle", (event) => {
  if (event.target.matches?.("details[data-thread]")) markUnread(event.target);
}, true);

// The new-game form shows the chosen game's options and player range.
function chooseGame(select) {
  const form = select.form;
  for (const fieldset of $$("fieldset[data-game]", form)) {
    const chosen = fieldset.dataset.game === select.value;
    fieldset.hidden = !chosen;
    fieldset.disabled = !chosen;
  }
  const option = select.selectedOptions[0];
  const players = form.elements.players;
  players.min = option.dataset.min;
  players.max = option.dataset.max;
  players.value = Math.min(Math.max(Number(players.value), Number(players.min)), Number(players.max));
}

// An open table reloads when its seats change or the game starts.
function waitForStart() {
  const marker = $("[data-wait-start]");
  if (!marker) return;
  let known = null;
  setInterval(async () => {
    try {
      const game = await api("GET", `/api/games/${marker.dataset.waitStart}`);
      const now = JSON.stringify(game.seats);
      if (game.status !== "open" || (known !== null && now !== known)) location.reload();
      known = now;
    } catch { /* try again */ }
  }, 1500);
}

connect();
reserveAll();
markOverflow();
playForced();
showFlash();
watchMyGames();
refreshTalk();
tick();
setInterval(tick, 1000);
waitForStart();
const replay = $("form[data-replay]");
if (replay) showFrame(replay);

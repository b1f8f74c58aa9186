// Thousand Scorekeeper: an event's pages (the room's screen, the director's page and
// standings, a table's phone with a timer): the round's countdown and the results' share
// button. Loaded by those pages alone; each works without it (they say the minutes left when
// they were made, and the text to share is there to copy). A module: it runs once the page is
// parsed.

/**
 * A round's timer (the room's screen, the director's page, a table's phone): the minutes and
 * seconds left, each second, by the phone's clock; at zero, "last deal". The room's screen
 * puts a new board in place now and then: the timers in it are found again each second.
 */
function countdowns() {
  const tick = () => {
    for (const el of document.querySelectorAll("[data-ends]")) {
      if (!(el instanceof HTMLElement)) continue;
      const left = Math.round((Number(el.dataset.ends) - Date.now()) / 1000);
      if (left <= 0) {
        el.textContent = el.dataset.zero || "0:00";
        el.classList.add("zero");
      } else el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    }
  };
  if (!document.querySelector("[data-ends]") && !document.body.classList.contains("room")) return;
  tick();
  setInterval(tick, 1000);
}

/**
 * The results' share button: the text beside it to the phone's share sheet (Web Share), else
 * copied; the button says which. Without this file the text is there to select and copy.
 * @param {HTMLButtonElement} button
 */
function shareButton(button) {
  const box = document.getElementById(button.dataset.share || "");
  if (!(box instanceof HTMLTextAreaElement)) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const text = box.value;
    try {
      if (navigator.share) await navigator.share({ text });
      else {
        await navigator.clipboard.writeText(text);
        button.textContent = button.dataset.copied || button.textContent;
      }
    } catch {
      box.select();  // shared nowhere (cancelled, or no clipboard): selected to copy by hand
    }
  });
}

countdowns();
for (const button of document.querySelectorAll("button[data-share]")) {
  if (button instanceof HTMLButtonElement) shareButton(button);
}

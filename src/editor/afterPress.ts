/**
 * A message that appears under the field just left pushes down what is below it. When the field was left by pressing
 * on something else (a box, a button further down), the message must wait until that press is over: shown at once,
 * it moves the box away between the press and the release, and the click lands on nothing.
 */
let pressed = 0;
const waiting = new Set<() => void>();

function released() {
  // After the click that this release makes: Chromium dispatches it in the same task as the release.
  setTimeout(() => {
    pressed = Math.max(0, pressed - 1);
    if (pressed > 0) return;
    const due = [...waiting];
    waiting.clear();
    for (const run of due) run();
  });
}

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => { pressed++; }, true);
  window.addEventListener('pointerup', released, true);
  window.addEventListener('pointercancel', released, true);
}

/** Runs `then` now, or once the pointer pressed meanwhile is released (and its click done). */
export function afterPress(then: () => void): void {
  if (pressed > 0) waiting.add(then);
  else then();
}

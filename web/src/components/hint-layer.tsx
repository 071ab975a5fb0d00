/**
 * The layer that shows every hint of the app (`hint.ts`; docs/adr/0110-one-hint-layer.md): listeners
 * on the document, and the hint's drawing (`hint-popup.tsx`) loaded with the first hint shown.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { DESCRIBES, HINT_ID, type HintPlacement, PLACEMENT, POPUP, type Shown, TEXT } from './hint.ts';

const HintPopup = lazy(() => import('./hint-popup.tsx'));

const ENTER_DELAY = 100;
const TOUCH_DELAY = 700;
const TOUCH_KEEP = 1500;

const hinted = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>(`[${TEXT}]`) : null;

/** The layer that shows every hint; mounted once, in the signed-in frame. */
export function HintLayer() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let timer: number | undefined;
    let current: HTMLElement | null = null;
    let describing: HTMLElement | null = null;
    // a shown hint follows its element's text ("Copy" becoming "Copied")
    const follow = new MutationObserver(() => {
      const text = current?.getAttribute(TEXT);
      if (text) setShown((was) => (was && was.anchor === current ? { ...was, text } : was));
    });

    const hide = () => {
      window.clearTimeout(timer);
      follow.disconnect();
      current = null;
      if (describing) describing.removeAttribute('aria-describedby');
      describing = null;
      setOpen(false);
    };
    const show = (el: HTMLElement, delay: number) => {
      if (el === current) return;
      hide();
      current = el;
      timer = window.setTimeout(() => {
        const text = el.getAttribute(TEXT);
        if (!text || !el.isConnected) return;
        if (el.hasAttribute(DESCRIBES) && !el.hasAttribute('aria-describedby')) {
          el.setAttribute('aria-describedby', HINT_ID);
          describing = el;
        }
        setShown({ anchor: el, text, placement: (el.getAttribute(PLACEMENT) as HintPlacement) ?? 'bottom' });
        setOpen(true);
        follow.observe(el, { attributes: true, attributeFilter: [TEXT] });
      }, delay);
    };

    const onOver = (e: PointerEvent) => {
      if (e.pointerType === 'touch') return;
      const el = hinted(e.target);
      if (el) show(el, ENTER_DELAY);
      else if (!(e.target instanceof Element && e.target.closest(`[${POPUP}]`))) hide();
    };
    const onOut = (e: PointerEvent) => {
      if (e.pointerType !== 'touch' && e.relatedTarget === null) hide();
    };
    const onDown = (e: PointerEvent) => {
      hide();
      const el = e.pointerType === 'touch' ? hinted(e.target) : null;
      if (el) show(el, TOUCH_DELAY);
    };
    const onUp = (e: PointerEvent) => {
      if (e.pointerType !== 'touch' || !current) return;
      const el = current;
      window.clearTimeout(timer);
      // a hint already up stays a moment to be read; one not yet up never comes
      timer = window.setTimeout(() => {
        if (current === el) hide();
      }, TOUCH_KEEP);
    };
    const onFocus = (e: FocusEvent) => {
      const el = hinted(e.target);
      if (el && e.target instanceof Element && e.target.matches(':focus-visible')) show(el, ENTER_DELAY);
    };
    const onBlur = (e: FocusEvent) => {
      if (current && e.target instanceof Node && current.contains(e.target)) hide();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && current) hide();
    };

    const listeners = [
      ['pointerover', onOver],
      ['pointerout', onOut],
      ['pointerdown', onDown],
      ['pointerup', onUp],
      ['pointercancel', onUp],
      ['focusin', onFocus],
      ['focusout', onBlur],
      ['keydown', onKey],
    ] as const;
    for (const [type, listener] of listeners)
      document.addEventListener(type, listener as EventListener, true);
    return () => {
      hide();
      for (const [type, listener] of listeners)
        document.removeEventListener(type, listener as EventListener, true);
    };
  }, []);

  return shown ? (
    <Suspense fallback={null}>
      <HintPopup shown={shown} open={open && shown.anchor.isConnected} />
    </Suspense>
  ) : null;
}

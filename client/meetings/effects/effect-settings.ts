/** The effects one can put on one's own camera and microphone. */
export type EffectName = 'noiseSuppression' | 'blur';

export type EffectSettings = Record<EffectName, boolean>;

export const noEffects: EffectSettings = { noiseSuppression: false, blur: false };

/** localStorage key: the choice is the person's, kept for every meeting on this browser. */
export const EFFECTS_KEY = 'convene.meeting.effects';

export function readEffectSettings(): EffectSettings {
  try {
    const raw = window.localStorage.getItem(EFFECTS_KEY);
    if (!raw) return noEffects;
    const value = JSON.parse(raw) as Partial<Record<EffectName, unknown>>;
    return { noiseSuppression: value.noiseSuppression === true, blur: value.blur === true };
  } catch {
    return noEffects;
  }
}

export function saveEffectSettings(settings: EffectSettings): void {
  try {
    window.localStorage.setItem(EFFECTS_KEY, JSON.stringify(settings));
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

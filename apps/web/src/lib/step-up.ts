/**
 * The step-up prompt (docs/security.md, "Step-up"): a call refused with StepUpRequired is retried once with the
 * proof the member gives here. The user feature's sheet is plugged in at start-up (`app/session.ts`), so this
 * layer shows nothing itself.
 */
type Prompt = () => Promise<string | null>;

let prompt: Prompt | null = null;

export const setStepUpPrompt = (ask: Prompt) => {
  prompt = ask;
};

/** Asks the member for a second factor; answers a step-up proof, or null when they cancel. */
export const askStepUp = (): Promise<string | null> => (prompt ? prompt() : Promise.resolve(null));

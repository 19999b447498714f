/**
 * The one part of the speaker notes that is the same in every chapter with a question: what to do
 * while its figure waits for the room's answer (its Show me and sliders wait until the question is
 * settled). Each chapter's own notes are its folder's notes.md (app/lesson/chapters/<slug>/notes.md);
 * the notes window (`#lesson=<slug>&notes=1`, key N) shows this between their question and proof.
 */
export const MEANWHILE =
  'The figure waits for the answer. Take a show of hands, then click the choice most chose. A wrong choice gets a reason and a second try: read the reason aloud and ask again. The second wrong try, or Show the answer, gives it.';

export { impactLine, renderAbort, renderImpact, renderLaunch } from './announcements.js';
export { flip, missileBoard, roleShownAt } from './common.js';
export { type DefconDraft, type DefconDraftKind, defconDrafts } from './drafts.js';
export { nightResultPms, type ResultPm } from './night-pms.js';
export { renderDayEnd, renderDayStart, renderGameOver } from './phase-posts.js';
export { defconDraftTimeline, draftsOver, statesOver } from './timeline.js';

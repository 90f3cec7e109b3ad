import { describeWholeGames } from './whole-game-suite.js';

// phpBB on its own: its forms may be sent back only a second after they arrive, so its games take the longest.
describeWholeGames(['phpbb']);

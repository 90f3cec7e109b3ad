import { describeWholeGames } from './whole-game-suite.js';

// phpBB's games are whole-game-phpbb.test.ts, beside these.
describeWholeGames(['xenforo', 'discourse', 'reddit']);

import type { NightPrompt, NightTable } from './night-table-types.js';

/**
 * The Obsidian Process's night, worded from the user's script (seeds/obsidian-process-script.txt) with its
 * duplicated lines dropped, in wake order. The priority column is rules-obsidian's table (#1..#6).
 */

const scan = (when: 'lone' | 'linked'): NightPrompt => ({
  id: 'scan',
  actor: { role: 'Scanner' },
  pm: 'target',
  ask: 'Select your diagnostic target.',
  priority: 5,
  effect: 'role-check',
  summary: 'Learns the exact role; the Leader’s mask does not apply.',
  blockedBy: 'actor',
  whenBlocked: 'disabled',
  when: { option: 'scanner', is: when },
});

export const OBSIDIAN_NIGHT_TABLE: NightTable = {
  ruleset: 'obsidian',
  setup: [
    {
      id: 'initialization',
      title: 'Sequence Start',
      wakes: null,
      say: ['Everyone, close your eyes. Secure your nodes. System initialization begins now.'],
      notes: [],
      prompts: [],
      close: [],
    },
    {
      id: 'recognition',
      title: 'Faction Recognition',
      wakes: { roles: ['Scanner'], faction: 'obsidian' },
      say: ['Obsidian Process and Scanner: Open your eyes. Identify your fellow infiltrators.'],
      notes: [
        { text: 'Scan the room to see who is awake.' },
        { text: 'On your Console, mark these nodes as Obsidian.' },
        { text: 'Verify the Scanner node specifically for variant logic.' },
      ],
      prompts: [],
      close: ['Obsidian Process: Close your eyes. Everyone, open your eyes. The network is now online.'],
    },
  ],
  night: [
    {
      id: 'nightfall',
      title: 'Initialization',
      wakes: null,
      say: ['Night falls. Close your eyes. Data-protection mode is active.'],
      notes: [],
      prompts: [],
      close: [],
    },
    {
      id: 'enforcer',
      title: 'The Enforcer',
      wakes: { role: 'Enforcer' },
      say: ['Enforcer, wake up. Select a node to deactivate.'],
      notes: [{ text: "Record this on Console immediately. Priority 1: This node's action will not resolve tonight." }],
      prompts: [
        {
          id: 'enforce',
          actor: { role: 'Enforcer' },
          pm: 'target',
          ask: 'Select a node to deactivate.',
          priority: 1,
          effect: 'block',
          summary: "Target's action does not resolve this night.",
          blockedBy: 'actor',
          whenBlocked: 'disabled',
        },
      ],
      close: ['Enforcer, close your eyes.'],
    },
    {
      id: 'stabilizer',
      title: 'The Stabilizer',
      wakes: { role: 'Stabilizer' },
      say: ['Stabilizer, wake up. Select a node to reinforce.'],
      notes: [
        { text: "If Stabilizer was Enforced, do not wake them or signal 'no'." },
        { text: 'Target node becomes immune to the Obsidian Process attack tonight.' },
      ],
      prompts: [
        {
          id: 'stabilize',
          actor: { role: 'Stabilizer' },
          pm: 'target',
          ask: 'Select a node to reinforce.',
          priority: 2,
          effect: 'immunize',
          summary: 'Target is immune to the compromise tonight.',
          blockedBy: 'actor',
          whenBlocked: 'not-woken',
        },
      ],
      close: ['Stabilizer, close your eyes.'],
    },
    {
      id: 'shield',
      title: 'The Shield',
      wakes: { role: 'Shield' },
      say: ['Shield, wake up. Select a node to protect.'],
      notes: [
        {
          text: 'Record target. If this node is compromised, the Shield node is removed instead and the node remains in the game.',
          when: { option: 'shield', is: 'bodyguard' },
        },
        {
          text: "Record target. If this node is compromised, the Shield 'breaks' but the node remains in the game.",
          when: { option: 'shield', is: 'layer' },
        },
      ],
      prompts: [
        {
          id: 'shield',
          actor: { role: 'Shield' },
          pm: 'target',
          ask: 'Select a node to protect.',
          priority: 3,
          effect: 'guard',
          summary: 'If the target is compromised, the Shield node is removed instead.',
          blockedBy: 'actor',
          whenBlocked: 'disabled',
        },
      ],
      close: ['Shield, close your eyes.'],
    },
    {
      id: 'analyst',
      title: 'The Analyst',
      wakes: { role: 'Analyst' },
      say: ['Analyst, wake up. Select your scan target.'],
      notes: [
        { text: "Observe target. Give 'Thumbs Up' if target is Obsidian, 'Thumbs Down' if SNA." },
        { text: "Special: Always give 'Thumbs Down' for the Infiltrator Leader." },
      ],
      prompts: [
        {
          id: 'analyze',
          actor: { role: 'Analyst' },
          pm: 'target',
          ask: 'Select your scan target.',
          priority: 4,
          effect: 'alignment-check',
          summary: 'Learns "obsidian" / "network"; the Leader reads "network".',
          blockedBy: 'actor',
          whenBlocked: 'disabled',
        },
      ],
      close: ['Analyst, close your eyes.'],
    },
    {
      id: 'scanner',
      title: 'The Scanner (Variant A: Lone)',
      when: { option: 'scanner', is: 'lone' },
      wakes: { role: 'Scanner' },
      say: ['Scanner, wake up. Select your diagnostic target.'],
      notes: [
        {
          text: 'Target a node. Quietly show the Scanner the Role Card of that node or use a pre-set hand signal to identify the role.',
        },
      ],
      prompts: [scan('lone')],
      close: ['Scanner, close your eyes.'],
    },
    {
      id: 'obsidian',
      title: 'The Obsidian Process',
      wakes: { faction: 'obsidian', chooser: 'leader' },
      say: ['Obsidian Process, wake up. Select your compromise target.'],
      notes: [
        {
          text: 'MODERATOR CHECK: If the Leader was Enforced, the attack fails. Skip this wake-up or tell them they are disabled.',
        },
        {
          text: 'Variant B (Linked): The Scanner performs their role scan now while the whole team is awake.',
          when: { option: 'scanner', is: 'linked' },
        },
        { text: 'Leader must point to the final target.' },
        { text: 'Check target against Stabilizer/Shield status.' },
      ],
      prompts: [
        scan('linked'),
        {
          id: 'compromise',
          actor: { faction: 'obsidian', chooser: 'leader' },
          pm: 'kill',
          ask: 'Select your compromise target.',
          priority: 6,
          effect: 'compromise',
          summary: 'Compromise: fails if the Leader is enforced or the target stabilized.',
          blockedBy: 'leader',
          whenBlocked: 'disabled',
        },
      ],
      close: ['Obsidian Process, close your eyes.'],
    },
    {
      id: 'dawn',
      title: 'Dawn',
      wakes: null,
      say: ['Everyone, wake up.'],
      notes: [
        { text: 'Check Console. Resolve Compromise:' },
        { text: 'Target Reinforced? No removal.' },
        { text: 'Target Shielded? Shield removed, node stays.', when: { option: 'shield', is: 'layer' } },
        {
          text: 'Target Shielded? The Shield node is removed, the target stays.',
          when: { option: 'shield', is: 'bodyguard' },
        },
        { text: 'No protection? Node is removed from the network.' },
      ],
      prompts: [],
      close: [],
    },
  ],
};

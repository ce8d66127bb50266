/**
 * Rejections in words a player understands. The server's code picks the sentence; its message stays
 * underneath, because it names the exact unit, weapon or number that was wrong.
 */
export interface Problem {
  code: string;
  message: string;
  field?: string;
}

const exact: Record<string, string> = {
  'turn/not_your_turn': "It isn't your turn yet.",
  'turn/awaiting_decision': 'The table is waiting for a decision first.',
  'turn/wrong_phase': "That can't be done in this part of the turn.",
  'encounter/not_started': "The fight hasn't started yet.",
  'encounter/ended': 'The fight is over.',
  'encounter/already_started': 'The fight has already started.',
  'auth/gm_only': 'Only the GM can do that.',
  'action/out_of_range': 'That target is out of range.',
  'action/bad_target': "That isn't a valid target.",
  'action/no_actions_left': 'No actions of that kind are left this turn.',
  'action/exhausted': 'Too exhausted to do that now.',
  'action/not_enough_stamina': 'Not enough stamina for that.',
  'action/no_weapon': 'That needs a weapon in hand.',
  'action/no_catalyst': 'Casting needs a catalyst in hand.',
  'action/out_of_bounds': "That's off the battlefield.",
  'action/already_there': 'Already there.',
  'action/already_sprinted': 'This unit has already sprinted this turn.',
  'action/already_braced': 'This unit is already bracing.',
  'action/no_line_of_sight': 'Something blocks the line of sight to that target.',
  'action/blocked': 'Something unseen is in the way.',
  'action/mount_held': "The mount can't carry its rider this turn.",
  'unit/unknown': "That unit isn't on the table (or you can't see it).",
  'pending/bad_choice': "That isn't one of the choices.",
  'pending/unknown': 'That decision was already settled.',
  'dice/bad_face': "That number can't come up on that die.",
  'log/nothing_to_undo': 'There is nothing to undo.',
  'log/nothing_to_redo': 'There is nothing to redo.',
  'gm/bad_unit': 'The new unit has a mistake.',
  'gm/duplicate_unit': 'A unit with that id is already on the table.',
  'input/unreadable': 'That text is not YAML or JSON.',
  'net/offline': "Can't reach the table server. Check the connection; it retries by itself.",
  'net/stale': 'The table changed while you chose. Look again and retry.',
  // the server's own codes
  STALE_VERSION: 'The table changed while you chose. Look again and retry.',
  ENCOUNTER_PAUSED: 'The GM has paused the fight.',
  DICE_AWAITED: 'The table is waiting for dice rolled at the table first.',
  'dice/wrong_count': 'One number for each die, please.',
  'dice/stale': 'The table changed while the dice were asked for. Send the action again.',
  UNAUTHENTICATED: 'This link is no longer valid. Ask the GM for a new one.',
  FORBIDDEN: "You don't have access to that.",
  NOT_FOUND: "That table or fight doesn't exist (any more).",
  INVALID_ENCOUNTER: 'The encounter file has mistakes.',
  INVALID_IMPORT: 'The file could not be read.',
  BAD_IMAGE: 'That image cannot be used as map art.',
  UNSUPPORTED_MEDIA_TYPE: 'Map art is a PNG, JPEG or WebP image.',
  RATE_LIMITED: 'Too fast — wait a moment and try again.',
  TOO_MANY_CONNECTIONS: 'Too many open pages for this table.',
  LIMIT_REACHED: 'The server limit is reached.',
  PAYLOAD_TOO_LARGE: 'That file is too large.',
  BAD_REQUEST: 'The server did not understand the request.',
  INTERNAL: 'The server hit an error. Try again.',
  SIMULATION_FAILED: 'The simulation could not play this fight on.',
  SIMULATION_STOPPED: 'The simulation took too long and was cancelled. Ask for fewer fights.',
};

const byPrefix: [string, string][] = [
  ['auth/', "You don't have access to that."],
  ['action/', "The rules don't allow that right now."],
  ['prep/', "That preparation isn't possible now."],
  ['command/', 'Something in that command is missing or wrong.'],
  ['gm/', "That GM change isn't possible."],
  ['dice/', 'Those dice are not valid.'],
  ['turn/', "It isn't the right moment for that."],
  ['http/', 'The server refused the request.'],
  ['net/', 'The connection failed.'],
];

export function friendly(p: Problem): string {
  if (Object.hasOwn(exact, p.code)) return exact[p.code];
  for (const [prefix, text] of byPrefix) if (p.code.startsWith(prefix)) return text;
  return 'That did not work.';
}

export function toProblem(err: unknown): Problem {
  if (typeof err === 'object' && err !== null && typeof (err as Problem).code === 'string') {
    const p = err as Problem;
    return { code: p.code, message: String(p.message ?? ''), ...(p.field ? { field: p.field } : {}) };
  }
  return { code: 'net/offline', message: err instanceof Error ? err.message : String(err) };
}

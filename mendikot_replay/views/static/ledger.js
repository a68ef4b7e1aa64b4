// mendikot-replay: the tens ledger of a step as plain rows — where each ten is, which side
// holds it, and the sentence that says so (no DOM: unit-tested with Node's test runner).

import { cardName, plainText, statusWord } from "./cards.js";
import { say } from "./words.js";

/** The ledger of `step` (a payload step), one row per ten: `card`, its `key` (the card, and
 * `TS-2` for the second pack's ten of a two-pack deal), `status` (hand, table, pile,
 * captured, gone), `word` (how the status reads), `team` and its `teamLabel` when a side
 * holds the ten, the `label` a screen reader says, and the payload's `text`. `seenBy`: a
 * seat whose view it is (the quiz's): a ten in another hand is not said to be there. */
export function ledgerRows(step, payload, seenBy = null) {
  const seen = new Set();
  return (step.ledger || []).map((entry) => {
    const status = entry.where;
    const unseen = seenBy !== null && status === "hand" && entry.holder !== seenBy;
    const held = entry.team && (status === "captured" || status === "gone");
    const key = seen.has(entry.card) ? `${entry.card}-2` : entry.card;
    seen.add(entry.card);
    return {
      card: entry.card,
      key,
      status,
      word: statusWord(status),
      team: unseen ? null : entry.team || null,
      teamLabel: held ? (payload.team_labels || {})[entry.team] : null,
      label: say("board.ten_label", { card: cardName(entry.card), where: unseen ? say("board.ten_unseen", { seat: seenBy }) : plainText(entry.text) }),
      text: unseen ? say("board.ten_unseen", { seat: seenBy }) : entry.text,
    };
  });
}

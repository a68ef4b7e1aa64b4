// mendikot_replay/views/static/messages.js
var messages_default = {
  "messages": {
    "board.alt.card": "{seat} {card}",
    "board.alt.card_main": "{seat} {card} (main line)",
    "board.alt.go": "go to the variation {seat} {card}",
    "board.alt.instead": "instead:",
    "board.alt.others": "other cards here:",
    "board.ask": "ask for the trump",
    "board.ask_title": "version B of the closed trump: the next card you click also asks for the trump to be turned up",
    "board.asking": "asking for the trump ✓",
    "board.bad_version": "This viewer cannot read this deal (payload version).",
    "board.bar": "analysis board",
    "board.before_trick": "before trick {trick}",
    "board.btn.back": "↶ back",
    "board.btn.back_label": "one card back on the line shown",
    "board.btn.best": "★ best card",
    "board.btn.best_label": "play a card that keeps the double-dummy outcome",
    "board.btn.delete": "✕ delete variation",
    "board.btn.delete_label": "delete this variation",
    "board.btn.playout": "» play out",
    "board.btn.playout_label": "play the deal out with best cards",
    "board.btn.promote": "↑ promote",
    "board.btn.promote_label": "make this variation the main line",
    "board.card.back": "a card, face down",
    "board.card.dd_keeps": "{card}, double-dummy {value}: keeps the best outcome",
    "board.card.dd_loses": "{card}, double-dummy {value}: loses {best}",
    "board.card.dd_title_keeps": "double-dummy: {value} (keeps it)",
    "board.card.dd_title_loses": "double-dummy: {value} ({best} was possible)",
    "board.card.face_down": "{card}, set aside face down as the closed trump",
    "board.card.face_down_title": "set aside face down: the closed trump",
    "board.card.illegal": "{card}, not a legal card here",
    "board.card.legal": "{card}, a legal card: play it",
    "board.card.pick": "play the {card}",
    "board.card.play": "play {card}",
    "board.card.played": "{card}, played",
    "board.card.unknown": "unknown card",
    "board.card_of": "card {card} of {cards}",
    "board.controls": "step through the line shown",
    "board.counts": "Tricks and tens (of {tricks} tricks)",
    "board.dd.all_keep": "to play: every card keeps {value}.",
    "board.dd.asking": "{card} asking for the trump",
    "board.dd.box": "double-dummy analysis",
    "board.dd.early": "too early to solve ({tricks} left)",
    "board.dd.hidden": "to play: the values are hidden while the quiz asks for this card.",
    "board.dd.label": "double-dummy:",
    "board.dd.max_tricks": "The solver takes positions with {tricks} tricks left or fewer.",
    "board.dd.mistake": "played {card}: a mistake, {before} → {after}.",
    "board.dd.mistake_better": "played {card}: a mistake, {before} → {after} ({better} kept {before}).",
    "board.dd.no_value": "no double-dummy value: {reason}",
    "board.dd.no_value_here": "this page holds no value for this position",
    "board.dd.over": "The deal is over.",
    "board.dd.played_keeps": "played {card}: keeps {value}.",
    "board.dd.solving": "solving…",
    "board.dd.some_lose": "to play: ✓ green cards keep {value}, ✗ red ones lose it ({lose} of {cards}).",
    "board.dd.tie": "tie",
    "board.dd.title": "Double-dummy (every hand known)",
    "board.dd.unknown": "unknown position",
    "board.dd.value": "{side} {level}",
    "board.flag.asked": "asked for the reveal",
    "board.flag.named": "names the trump",
    "board.flag.not_followed": "could not follow",
    "board.flag.revealed": "trump revealed",
    "board.flag.revoke": "revoke",
    "board.flag.trump": "trump",
    "board.flags": "({flags})",
    "board.label": "Mendikot replay: {title}",
    "board.label_untitled": "deal",
    "board.ledger": "tens ledger",
    "board.menu": "☰ options",
    "board.menu_done": "Done",
    "board.menu_label": "options and the analysis board",
    "board.nav.first": "start of the line",
    "board.nav.first.keys": "Home",
    "board.nav.last": "end of the line",
    "board.nav.last.keys": "End",
    "board.nav.next": "next card",
    "board.nav.next.keys": "Right",
    "board.nav.nextNote": "next annotation",
    "board.nav.nextNote.keys": "n",
    "board.nav.nextTen": "next ten event",
    "board.nav.nextTen.keys": "t",
    "board.nav.nextTrick": "next trick",
    "board.nav.nextTrick.keys": "Down / Page Down",
    "board.nav.prev": "previous card",
    "board.nav.prev.keys": "Left",
    "board.nav.prevNote": "previous annotation",
    "board.nav.prevNote.keys": "Shift+N",
    "board.nav.prevTen": "previous ten event",
    "board.nav.prevTen.keys": "Shift+T",
    "board.nav.prevTrick": "previous trick",
    "board.nav.prevTrick.keys": "Up / Page Up",
    "board.nav.title": "{label} ({keys})",
    "board.needs_notebook": "The board's buttons need the notebook: open this deal there with mr.replay(...).",
    "board.no_result": "No result: the record stops here.",
    "board.no_result_variation": "No result: this variation stops here.",
    "board.notes.box": "annotations at this card",
    "board.notes.empty": "No annotation at this card.",
    "board.notes.none": "This deal has no annotations.",
    "board.notes.point": "card {card} · {played}",
    "board.notes.quiz_later": "The comments of the cards to come show as the quiz goes on.",
    "board.notes.summary": "Annotated cards ({count}) — click to jump, or press n / N",
    "board.notes.summary_line": "Annotated cards on this line ({count}) — click to jump, or press n / N",
    "board.notes.title": "Notes at this card",
    "board.opt.analyse": "analyse (double-dummy)",
    "board.opt.four": "4-colour deck",
    "board.opt.label": "teaching options",
    "board.opt.large": "large print",
    "board.opt.no_quiz": "no quiz",
    "board.opt.played": "played cards",
    "board.opt.present": "present (projector)",
    "board.opt.quiz_label": "quiz: which seat do you play?",
    "board.opt.quiz_seat": "quiz: play {seat}",
    "board.pile": "Dehla pile",
    "board.pile_with": "with",
    "board.play.illegal": "{card} is not a legal card here.",
    "board.play.illegal_legal": "{card} is not a legal card here (legal: {legal}).",
    "board.play.needs_notebook": "New cards need the notebook: open this deal there with mr.replay(...) to play {card} here and keep it as a variation.",
    "board.play.over": "The deal is over here: no card is left to play.",
    "board.play.played": "{card} was played already.",
    "board.play.turn": "It is {who}'s turn.",
    "board.position_from": "position from trick {trick}",
    "board.problem": "Problem: {problem}",
    "board.result_counts": "tens {ac_tens}-{bd_tens} · tricks {ac_tricks}-{bd_tricks} ({first} first) · {reason}",
    "board.result_variation": "In this variation: {result}",
    "board.seat.dealer": "dealer",
    "board.seat.hide": "hide",
    "board.seat.hide_label": "hide {seat}'s hand",
    "board.seat.label": "{who}, team {team}",
    "board.seat.label_hidden": "{label}, hand hidden",
    "board.seat.label_to_play": "{label}, to play",
    "board.seat.quiz_hides": "{seat}'s hand stays hidden while the quiz plays {quiz}",
    "board.seat.quiz_hides_title": "hidden while the quiz plays {quiz}'s view (turn the quiz off to see it)",
    "board.seat.show": "show",
    "board.seat.show_label": "show {seat}'s hand",
    "board.seat.to_play": "to play",
    "board.slider": "card",
    "board.start_card": "start · card 0 of {cards}",
    "board.tab.chances": "Chances graph",
    "board.tab.table": "Table",
    "board.table": "the trick on the table",
    "board.tabs": "the table or the chances graph",
    "board.ten_label": "{card}: {where}",
    "board.ten_unseen": "not played yet, in a hand {seat} cannot see",
    "board.tens.4": "The four tens",
    "board.tens.8": "The eight tens",
    "board.trick": "Trick {trick}",
    "board.trick.annotated": "annotated: see the notes",
    "board.trick.before": "Before trick {trick}",
    "board.trick.card": "{who}: {card}",
    "board.trick.going": "{leader} led · {seat} to play",
    "board.trick.led": "{label}, led",
    "board.trick.led_only": "{leader} led · ",
    "board.trick.mistake": "{label}, a double-dummy mistake: {before} became {after}",
    "board.trick.mistake_title": "double-dummy mistake: {before} → {after}",
    "board.trick.seat_led": "{seat} led",
    "board.trick.to_lead": "{who} to lead",
    "board.trick.to_pile": "the trick goes to the Dehla pile",
    "board.trick.trump": "{label}, a trump",
    "board.trick.wins": "{label}, wins the trick",
    "board.trick.won": "{leader} led · {who} wins for {side}",
    "board.trump.back": "closed trump, face down",
    "board.trump.closed": "Closed trump (version {version}): face down, set aside by {holder}. Nobody else knows it yet.",
    "board.trump.drawn": "{suit} (drawn: {card}).",
    "board.trump.face_up": "{suit} (card face up: {card}).",
    "board.trump.hidden_trumps": "{words} Its suit is trumps already (hidden-trumps).",
    "board.trump.known": "{suit}.",
    "board.trump.label": "Trump: {words}",
    "board.trump.named": "{suit}: named by the cut {card} at card {at}.",
    "board.trump.none": "No trump in this deal.",
    "board.trump.revealed": "{suit}: the closed trump {card} (set aside by {holder}) was turned up at card {at}.",
    "board.trump.title": "Trump",
    "board.trump.unnamed": "No trump yet (cut hukum): the first card of a player who cannot follow names it.",
    "board.variation": "variation: its card {card} of {cards}",
    "board.variation_deep": "variation ({depth} deep): its card {card} of {cards}",
    "board.void": "none",
    "card.name": "{rank} of {suit}",
    "chances.asking": "asking for the trump",
    "chances.asking_card": "asking for the trump, {card}",
    "chances.asking_first": "asking for the trump first",
    "chances.box": "chances graph",
    "chances.done": "chances: {done}/{total} positions",
    "chances.drawn": "up to {samples} deals of the unseen cards drawn (seed {seed}; fewer where the chances settle sooner)",
    "chances.glanced": "chances: {drawn}/{total} positions drawn, {done} precise…",
    "chances.grade_chances": "quiz graded by chances",
    "chances.grade_dd": "quiz graded double-dummy",
    "chances.grade_label": "how the quiz grades an answer",
    "chances.graph_label": "A/C's chance to win the deal after each card of the main line: click a point, or use the arrow keys, to go to that card",
    "chances.key.ac": "double-dummy: A/C win",
    "chances.key.bd": "double-dummy: B/D win",
    "chances.key.glance": "a first look: a quarter of the deals, made precise next",
    "chances.key.line": "A/C's chance, each card from its player's view",
    "chances.key.mistake": "single-dummy mistake",
    "chances.label.before": "before card {card}: A/C {chance} to win",
    "chances.label.card": "card {ply}, {who} {card}: A/C {chance} to win",
    "chances.label.dd": "{text}; double-dummy {value}",
    "chances.label.glance": "card {ply}, {who} {card}: A/C about {chance} to win (a first look)",
    "chances.label.mistake": "{text}; a single-dummy mistake: {side} had {before} with {best}, {after} after this card",
    "chances.no_score": "this deal cannot be scored",
    "chances.note.exact": "Single dummy: every deal of the unseen cards that fits what the player saw, each solved.",
    "chances.note.quiz": "The rest is hidden while the quiz runs.",
    "chances.note.sampled": "Single dummy: at each card, {drawn}.",
    "chances.note.some": "Single dummy: {drawn} where more fit what the player saw; the later cards are exact.",
    "chances.now": "Trick {trick}, {who} played {card}: {side} {chance} to win the deal, from {seat}'s view; {choice}.",
    "chances.now.as_good": "as good as the best, {best}",
    "chances.now.best": "the best choice",
    "chances.now.better": "the best, {best}, gave {chance} ({more} points more)",
    "chances.option": "chances graph",
    "chances.quiz.all": "all {worlds} deals of the unseen cards",
    "chances.quiz.ask": "Asking for the trump first would give {chance}.",
    "chances.quiz.best": "{card} {chance}, the best chance.",
    "chances.quiz.cannot": "{card} cannot be played here.",
    "chances.quiz.chance": "{card} {chance} (best {best} {best_chance}).",
    "chances.quiz.chose": "You chose {card}.",
    "chances.quiz.dd": "(double-dummy {value})",
    "chances.quiz.drawn": "{samples} deals of the unseen cards drawn",
    "chances.quiz.how": "{side}'s chance to win the deal with each card, from {who}'s view ({how}); within {margin} points of the best is right:",
    "chances.quiz.illegal": "Not a legal card:",
    "chances.quiz.list": "every card's chance",
    "chances.quiz.played_chance": "{who} played {card} ({chance}).",
    "chances.quiz.working": "Working out the chances from {who}'s view…",
    "chances.title": "A/C's chance to win the deal",
    "chances.unavailable": "chances: not available — {reason}",
    "chances.working": "chances: {done}/{total} positions…",
    "deal.choice": "{index}. {deal}",
    "deal.deal": "deal {deal}",
    "deal.label": "{index}. {title}",
    "deal.label_result": "{index}. {title} — {result}",
    "deal.match": "match {match}",
    "deal.numbered": "Deal {index}",
    "deal.one": "Mendikot deal",
    "deal.with_deal": "{title} · deal {deal}",
    "dealer.again": "{lost}: {dealer} deals again",
    "dealer.again_flag": "{lost}: {dealer} deals again ({flag})",
    "dealer.lost": "{dealer}'s side lost",
    "dealer.partner": "{lost}: the dealer's partner deals",
    "dealer.partner_flag": "{lost}: the dealer's partner deals ({flag})",
    "dealer.tie": "a tie: the same dealer deals again",
    "dealer.whitewashed": "{dealer}'s side lost to a whitewash",
    "dealer.won": "{dealer}'s side won: the deal passes to the right",
    "editor.add": "Add comment",
    "editor.add_nag": "Add an observation…",
    "editor.box": "comment on this card",
    "editor.cancel": "Cancel",
    "editor.card_placeholder": "Write a comment on this card… (Ctrl+Enter adds it)",
    "editor.card_title": "Annotate {seat} {card} (card {number})",
    "editor.comments": "comments here",
    "editor.copy": "Copy to another file…",
    "editor.copy_go": "Copy the deal there",
    "editor.copy_to": "copy the deal with its changes to {file}",
    "editor.deal_placeholder": "A comment on the whole deal… (Ctrl+Enter adds it)",
    "editor.deal_title": "Comment on the deal",
    "editor.delete_label": "delete comment {n}",
    "editor.delete_title": "delete this comment",
    "editor.dismiss": "dismiss",
    "editor.dismiss_label": "dismiss this message",
    "editor.edit_label": "edit comment {n}",
    "editor.edit_title": "edit this comment in the box",
    "editor.glyph_label": "{glyph} {meaning}",
    "editor.glyph_title": "mark the card {glyph} ({meaning}); press again to remove",
    "editor.label": "annotate",
    "editor.mark": "Mark the card",
    "editor.mark_label": "mark the card",
    "editor.nag_label": "add a Mendikot observation",
    "editor.nags": "observations here",
    "editor.no_nags": "no observations known",
    "editor.observations": "Observations",
    "editor.placeholder": "Write a comment… (Ctrl+Enter adds it)",
    "editor.reload": "Reload from the file (drops the changes here)",
    "editor.remove_nag_label": "remove the observation {nag}",
    "editor.remove_nag_title": "remove this observation",
    "editor.save": "Save",
    "editor.save_label": "Save to {file}",
    "editor.save_title": "Save the deal into {file} (only this deal's text changes)",
    "editor.unsaved": "● unsaved changes",
    "editor.update": "Update comment",
    "fate.and_played": "{taken}; {played}",
    "fate.before": "taken before the position starts",
    "fate.before_by": "taken by {side} before the position starts",
    "fate.captured": "captured by {who} for {side} in trick {trick}",
    "fate.captured_pile": "captured by {who} for {side} in trick {trick} (with the Dehla pile)",
    "fate.hand": "in {who}'s hand",
    "fate.not_yours": "in a hand (not yours)",
    "fate.pile": "in the Dehla pile",
    "fate.pile_played": "in the Dehla pile, {played}",
    "fate.played": "played by {who} in trick {trick}",
    "fate.table": "on the table",
    "fate.table_played": "on the table, {played}",
    "fate.unknown_hand": "in an unknown hand",
    "flag.bonus-aces": "bonus for four aces",
    "flag.count-from-reveal": "trumps count from the revealing card",
    "flag.dealer-stays": "the dealer deals again after any loss",
    "flag.hidden-trumps": "the hidden suit is trumps before the reveal",
    "flag.holder-may-ask": "the trump's holder may ask for it",
    "flag.lead-after-holder": "the player after the trump's holder leads",
    "flag.match-tie-break": "a match level on points goes to more whitewashes, mendikots, tens, deals won, tricks",
    "flag.must-trump": "must trump when void",
    "flag.partner-deals": "the dealer's partner deals after a loss",
    "flag.reveal-if-trumping": "turned up only for a player who can trump",
    "flag.split-tens-non-dealer": "tens 2-2: the side that did not deal wins",
    "flag.streak-goes-on": "a run goes on after taking the pile",
    "flag.tie-half-first": "tied tricks go to the side that reached half first",
    "flag.trump-card-in-hand": "the face-down card stays in its holder's hand",
    "form.capture": "Tricks go",
    "form.capture.Dehla": "Dehla: the pile",
    "form.capture.Trick": "to each trick's winner",
    "form.cards": "{count} cards",
    "form.closed": "Closed trump",
    "form.date": "Date",
    "form.dealer": "Dealer",
    "form.dealer_missing": "Who deals? Choose the dealer.",
    "form.deck": "Deck",
    "form.event": "Event",
    "form.event_example": "e.g. Thursday club",
    "form.file": "Each deal is added to {file}",
    "form.heading": "A new deal",
    "form.house_chosen": "House rules: {rules}",
    "form.house_dehla": "House rules: Dehla capture",
    "form.house_label": "house rules",
    "form.house_none": "House rules (none)",
    "form.label": "Mendikot: a new deal's set-up",
    "form.method.Closed": "closed (band hukum)",
    "form.method.Cut": "cut: the first discard names it",
    "form.method.Drawn": "drawn at random",
    "form.method.FaceUp": "a card turned face up",
    "form.method.None": "no trump",
    "form.name": "{seat}'s name",
    "form.needs_notebook": "The form needs the notebook: open it with mr.recorder(path).",
    "form.place": "Place",
    "form.players": "Players",
    "form.players_legend": "Players (A and C play together)",
    "form.reveal.A": "A: turned up when someone cannot follow",
    "form.reveal.B": "B: turned up when asked for",
    "form.scoring": "Match {match}: scoring",
    "form.scoring.bonus": "win 1, mendikot 2, whitewash 4",
    "form.scoring.graded": "win 1, mendikot 2, whitewash 3",
    "form.scoring.plain": "a point a deal",
    "form.scoring.tens": "each side's tens",
    "form.start": "Deal the cards",
    "form.title": "a new deal",
    "form.trump": "Trump",
    "form.who_deals": "who deals?",
    "list.more": "{first}, {more}",
    "moves.after": "after {cards}",
    "moves.before_position": "{seat} played {card} before the position",
    "moves.card": "trick {trick}, {seat} plays {card}",
    "moves.card_annotated": "{label}, annotated",
    "moves.card_asking": "{label}, asking for the trump",
    "moves.card_glyph": "{label}, {glyph}",
    "moves.dead": "— cannot be replayed: {error}",
    "moves.dead_label": "cannot be replayed: {cards}: {error}",
    "moves.enter": "⤷ enter",
    "moves.enter_label": "enter the next variation",
    "moves.enter_title": "enter the next variation on the line shown (Shift+→)",
    "moves.hint": "Click a card to go there.",
    "moves.hint_variations": "Click a card to go there. Shift+→ enters a variation, Shift+← leaves it.",
    "moves.instead": "{seat}: {card} instead of {replaced}",
    "moves.label": "move list",
    "moves.leads": "{seat} leads trick {trick}",
    "moves.leave": "⤴ leave",
    "moves.leave_label": "leave the variation",
    "moves.leave_title": "leave the variation, back to where it branches off (Shift+←)",
    "moves.main_line": "This is the main line: there is no variation to leave.",
    "moves.no_card": "No card is recorded yet.",
    "moves.no_variation": "There is no variation on this line from here on.",
    "moves.on_table": "on the table: {tens}",
    "moves.pile": "pile",
    "moves.quiz_later": "The cards after this one show as the quiz goes on.",
    "moves.start": "start",
    "moves.start_label": "the start, before any card",
    "moves.start_position": "the position at trick {trick}, before any card",
    "moves.start_trick": "start (trick {trick})",
    "moves.take": "{side} take {tens}",
    "moves.title": "Moves",
    "moves.wins": "{seat} wins the trick for {side}",
    "nag.1": "good card",
    "nag.2": "mistake",
    "nag.20": "ten given away to the opponents",
    "nag.21": "ten saved / captured for the own team",
    "nag.22": "ten protected: a higher card cashed first so the ten falls safely",
    "nag.23": "trumped an opponent's ten",
    "nag.24": "trump revealed (closed) / trump named (cut)",
    "nag.25": "premature trump reveal",
    "nag.26": "discard from the long suit while void",
    "nag.27": "high trump kept in reserve",
    "nag.28": "tens split 2-2: the race for tricks decides",
    "nag.29": "decisive card: the deal's outcome turns here",
    "nag.3": "brilliant card",
    "nag.4": "blunder",
    "nag.5": "interesting card",
    "nag.6": "dubious card",
    "nag.7": "forced: the only legal card",
    "notice.copied": "Copied the deal with its changes to {copy} (as its last deal); {file} still has unsaved changes.",
    "notice.copied_unnamed": "Copied the deal with its changes to {copy} (as its last deal); its own file still has unsaved changes.",
    "notice.dealt": "Every hand is dealt: {who} leads. Click the cards as they are played.",
    "notice.dealt_missing": "Every hand is dealt; {missing}.",
    "notice.reloaded": "Read the deal again from its file.",
    "notice.saved": "Saved to {file}: only this deal changed in the file.",
    "notice.saved_notes": "{saved} {notes}",
    "page.annotations": "Annotations",
    "page.cards": "Cards",
    "page.dd": "Double-dummy",
    "page.dd_better": "{mistake}; {card} kept it",
    "page.dd_card": "card {card}",
    "page.dd_clean": "No card lost the outcome.",
    "page.dd_early": "too early to solve (the solver takes {tricks} tricks left or fewer).",
    "page.dd_from": "(every hand known, best play): from {where} ({tricks} tricks left) {value}.",
    "page.dd_mistake": "card {card}: {seat} {played} — {before} → {after}",
    "page.dd_start": "the start",
    "page.dead_end": "after card {card}: {cards} — {error}",
    "page.deal": "deal",
    "page.deal_back": "◀ deal",
    "page.deal_on": "deal ▶",
    "page.dealer": "dealer {dealer}",
    "page.deals": "deals in this file",
    "page.hands": "Hands at the start",
    "page.hands_at": "Hands at trick {trick}",
    "page.instead": "trick {trick}, instead of {seat} {card}: {line}",
    "page.led_by": "Led by",
    "page.next_deal": "next deal",
    "page.no_deal": "This file holds no deal.",
    "page.no_result": "No result:",
    "page.no_result_why": "the record stops before the end of the deal.",
    "page.note": "trick {trick}, card {card}: {seat} {played} — {notes}",
    "page.nothing": "There is nothing to replay.",
    "page.pile": "Dehla pile",
    "page.player": "{seat} [{side}]",
    "page.players": "Players:",
    "page.position": "Position at trick {trick}:",
    "page.position_counts": "tricks {ac_tricks}-{bd_tricks}, tens {ac_tens}-{bd_tens} so far ({first} first)",
    "page.position_table": "{counts}; on the table {cards}",
    "page.previous_deal": "previous deal",
    "page.problem": "Problem:",
    "page.result": "Result: {result}",
    "page.result_counts": "(tens {ac_tens}-{bd_tens}, tricks {ac_tricks}-{bd_tricks}, {first} first)",
    "page.seat": "Seat",
    "page.takes_pile": "takes the pile: {count}",
    "page.takes_pile_with": "takes the pile: {count} with {tens}",
    "page.team": "Team",
    "page.tens.4": "four",
    "page.tens.8": "eight",
    "page.tens_at_end": "The {count} tens at the end",
    "page.title": "Mendikot deals",
    "page.to_pile": "to the pile",
    "page.trick": "Trick",
    "page.tricks": "Tricks (* a trump)",
    "page.trump": "Trump:",
    "page.trump.closed": "closed, set aside face down by {holder}",
    "page.trump.cut_named": "cut: no trump until card {at}, where {card} named {sign} {suit}",
    "page.trump.cut_never": "cut: never named",
    "page.trump.known": "{sign} {suit}",
    "page.trump.known_card": "{sign} {suit} ({card})",
    "page.trump.never_revealed": "{closed}; never revealed",
    "page.trump.none": "none (a no-trump deal)",
    "page.trump.turned_up": "{closed}; turned up at card {card}: {sign} {suit}",
    "page.unknown_hand": "unknown hand",
    "page.variations": "Variations",
    "page.winner": "Winner",
    "page.wins_trick": "({seat} wins trick {trick})",
    "picture.after_card": "after card {card} of {cards}",
    "picture.after_trick": "after trick {trick}",
    "picture.before_first": "before the first card",
    "picture.before_trick": "before trick {trick}",
    "picture.card_of": "card {card} of {cards}",
    "picture.deal": "deal {deal}",
    "picture.face_down_one": "+1 face down",
    "picture.hand_unknown": "hand unknown",
    "picture.mark.led": "led",
    "picture.mark.ten": "ten",
    "picture.mark.wins": "wins",
    "picture.mendikot": "{side} win by mendikot ({reason})",
    "picture.no_cards": "no cards left",
    "picture.summary": "Mendikot, {where}, {moment}",
    "picture.summary_titled": "Mendikot: {title}, {where}, {moment}",
    "picture.team": "{side}: {tricks}, {tens}",
    "picture.the_deal": "the deal",
    "picture.the_position": "the position",
    "picture.tie": "Tie ({reason})",
    "picture.to_play": "to play",
    "picture.trick": "trick {trick}",
    "picture.trump": "Trump:",
    "picture.trump.at": "{how} at card {card}",
    "picture.trump.closed": "closed: a card set aside face down",
    "picture.trump.closed_by": "closed: a card set aside face down by {holder}",
    "picture.trump.drawn": "drawn",
    "picture.trump.face_up": "card turned face up",
    "picture.trump.known": "known",
    "picture.trump.named": "named by a cut",
    "picture.trump.none": "none (a no-trump deal)",
    "picture.trump.revealed": "closed trump, revealed",
    "picture.trump.suit": "{suit} ({how})",
    "picture.trump.unnamed": "no trump yet (cut: the first player who cannot follow names it)",
    "picture.whitewash": "{side} whitewash ({reason})",
    "picture.win": "{side} win ({reason})",
    "quiz.ask": "what would you play for {who}? Click a card of the hand (→ to see).",
    "quiz.how_both": "Graded at once double-dummy (every hand known), then by the chances from {seat}'s view: what {seat} could see.",
    "quiz.how_dd": "Graded double-dummy: every hand known.",
    "quiz.how_refining": "Graded double-dummy for now (every hand known); the chances from {seat}'s view, what {seat} could see, are being worked out and will grade it…",
    "quiz.keeps": "{card} keeps {value}.",
    "quiz.loses": "{card} loses {value} ({after}).",
    "quiz.more": "more",
    "quiz.more_label": "how it is graded, and every card's chance",
    "quiz.no_values": "The solver's values are not available for this position.",
    "quiz.not_best": "Not the best:",
    "quiz.played": "{who} played {card}.",
    "quiz.played_also_keeps": "{who} played {card}, which also keeps it.",
    "quiz.played_keeps": "{who} played {card}, which keeps it.",
    "quiz.played_loses": "{who} played {card}, which loses it ({after}).",
    "quiz.played_loses_too": "{who} played {card}, which loses it too ({after}).",
    "quiz.played_too": "{who} played it too.",
    "quiz.record": "You chose {card}; {who} played {played}.",
    "quiz.record_right": "Right!",
    "quiz.record_wrong": "Not this time.",
    "quiz.right": "Right:",
    "quiz.title": "Quiz:",
    "quiz.wait": "you play {who}, seeing what {seat} sees. The next question comes when {seat} is to play.",
    "rank.10": "ten",
    "rank.11": "jack",
    "rank.12": "queen",
    "rank.13": "king",
    "rank.14": "ace",
    "rank.2": "two",
    "rank.3": "three",
    "rank.4": "four",
    "rank.5": "five",
    "rank.6": "six",
    "rank.7": "seven",
    "rank.8": "eight",
    "rank.9": "nine",
    "reason.mendikot": "all {tens} tens",
    "reason.split": "{half}-{half} tens",
    "reason.split_dealer": "{split}: {side} did not deal",
    "reason.split_first": "{split}, tricks split {ac}-{bd}: {side} reached half first",
    "reason.split_tie": "{split} and tricks split {ac}-{bd}",
    "reason.split_tricks": "{split} and {won} of {tricks} tricks",
    "reason.tens": "{tens} tens",
    "reason.whitewash": "all {tricks} tricks",
    "rec.cards_go": "Cards go to {who}: {count} of {size}",
    "rec.cards_here": "cards go here",
    "rec.choose_card": "choose the card {who} lays face down",
    "rec.choose_suit": "choose the trump suit",
    "rec.closed_card": "{card}: the card laid face down",
    "rec.closed_label": "the card {who} lays face down",
    "rec.cut": "Named during the play: the first card of a player who cannot follow suit is the trump.",
    "rec.deal_first": "Deal {who}'s cards first: the card is one of them.",
    "rec.deal_label": "{card}: deal it to {who}",
    "rec.deal_title": "deal {card} to {who}",
    "rec.dealt": "Every hand is dealt.",
    "rec.dealt_missing": "Every hand is dealt: one thing is missing.",
    "rec.dealt_to": "{card}: dealt to {who}",
    "rec.face_down": "Face down: {card} (the others do not see it).",
    "rec.full": "(full: tap another seat)",
    "rec.give_back": "give {card} back to the pack",
    "rec.give_back_label": "{card}, in {seat}'s hand: give it back to the pack",
    "rec.goes_on": "Recording goes on at the end of the line:",
    "rec.hand": "{who}, team {team}: {count} of {size} cards",
    "rec.hand_selected": "{who}, team {team}: {count} of {size} cards, the next cards go here",
    "rec.label": "Mendikot: dealing {title}",
    "rec.lays": "{who} lays one card face down as the closed trump: choose it.",
    "rec.lays_trump": "lays the trump",
    "rec.lays_version": "{who} lays one card face down as the closed trump (version {version}): choose it.",
    "rec.leads": "leads",
    "rec.method.Closed": "closed",
    "rec.method.Cut": "cut",
    "rec.method.Drawn": "drawn",
    "rec.method.FaceUp": "card face up",
    "rec.method.None": "no trump",
    "rec.needs": "{words}.",
    "rec.next": "Next deal ▶",
    "rec.next_needs": "The next deal needs the notebook that records the deals.",
    "rec.next_title": "save this deal and set up the next one: the dealer moves on by the rules",
    "rec.no_card": "no card yet",
    "rec.nothing_chosen": "Nothing chosen yet.",
    "rec.over": "The deal is over: Save it.",
    "rec.over_saved": "The deal is over, and saved in {file}.",
    "rec.pack_plain": "the pack",
    "rec.paste_first": "Type or paste the hands first, e.g. A:AK6.QJ2.T98.765 B:…",
    "rec.paste_go": "Deal these hands",
    "rec.paste_hint": "suits ♠.♥.♦.♣, a hand per seat: A:AK6.QJ2.T98.765 B:… (10 or T)",
    "rec.paste_label": "the hands, as a score sheet or PBN writes them",
    "rec.paste_title": "Or paste the hands",
    "rec.recorded": "The deal is recorded to its last card.",
    "rec.seat_select": "{who}: {count} of {size} cards: send the next cards here",
    "rec.seat_selected": "{who}: {count} of {size} cards, the next cards go here",
    "rec.seats_label": "the hands dealt so far",
    "rec.still_missing": "Still missing:",
    "rec.still_to_do": "Still to do:",
    "rec.suit_trumps": "{suit} are trumps",
    "rec.tap_hint": "tap a card to deal it; the last hand fills itself",
    "rec.tap_played": "{who} to play: tap the card played.",
    "rec.to_end": "go to the last card ▶|",
    "rec.trump_drawn": "Trump: {suit} (the card drawn: {card}).",
    "rec.trump_face_up": "Trump: {suit} (the card face up: {card}).",
    "rec.trump_label": "the trump",
    "rec.trump_suit": "Trump: {suit}.",
    "rec.trump_title": "Trump ({how})",
    "rec.undo": "⌫ Undo last card",
    "rec.undo_label": "Undo: take the last recorded card back",
    "rec.undo_needs": "Undo needs the notebook that records the deal.",
    "rec.undo_title": "take the last recorded card back (it goes back into its hand)",
    "rec.which_drawn": "Which suit was drawn for trumps?",
    "rec.which_face_up": "Which suit is the card turned face up?",
    "refuse.behind": "that card is no longer on the board: the page was behind",
    "refuse.changed": "the board had just changed: look again and repeat that",
    "refuse.kind.flag": "true or false",
    "refuse.kind.number": "a whole number",
    "refuse.kind.number_to": "a whole number from 0 to {most}",
    "refuse.kind.numbers": "a list of whole numbers",
    "refuse.kind.numbers_to": "a list of whole numbers from 0 to {most}",
    "refuse.kind.text": "text",
    "refuse.mode.deal_first": "deal the hands first: the play starts once every hand is full",
    "refuse.mode.dealt": "the hands are dealt already: this deal is being played",
    "refuse.mode.form_first": "set up the deal first: the form above says who plays",
    "refuse.mode.set_up": "this deal is set up already",
    "refuse.next_deal.no_file": "this deal has no file to go to: give the board a path",
    "refuse.next_deal.not_recorded": "the next deal comes after a deal recorded on this board",
    "refuse.no_answers": "the set-up's answers are missing",
    "refuse.nothing_done": "{reason} (nothing was done)",
    "refuse.save_as.link": "{name} leads out of the deal's folder (through a link): the board saves only inside it",
    "refuse.save_as.no_folder": "this deal has no folder of its own (it was not opened from a file): save it from Python with viewer.save(path)",
    "refuse.save_as.no_name": "give the name of the file to copy the deal to",
    "refuse.save_as.not_file": "{name} is not a regular file: the board saves only to PMN files",
    "refuse.save_as.not_pmn": "{name} is not a PMN file: give a name ending in .pmn",
    "refuse.save_as.outside": "the board saves only inside the deal's folder ({folder}): give a file name such as other.pmn, not a path out of it",
    "refuse.save_as.own": "{file} is this deal's own file: save it with Save",
    "refuse.too_long": "the page sent a {name} of {length} characters, more than {most}: nothing was done",
    "refuse.unknown_request": "the board does not know {request}",
    "refuse.wrong_field": "the page sent {name} = {value}, not {what}: nothing was done",
    "result.mendikot": "{side} mendikot! — {reason}",
    "result.short.mendikot": "{side} mendikot",
    "result.short.tie": "tie",
    "result.short.whitewash": "{side} whitewash",
    "result.short.win": "{side} win",
    "result.tie": "Tie: {reason}; the same dealer deals again",
    "result.whitewash": "{side} whitewash! — {reason}",
    "result.win": "{side} win — {reason}",
    "rules.capture.dehla": "Dehla capture (two tricks in a row)",
    "rules.capture.trick": "tricks taken at once",
    "rules.closed_version": "{method} (version {version})",
    "rules.line": "{players} players, {deck} cards, {method}, {capture}",
    "rules.method.Closed": "closed trump",
    "rules.method.Cut": "cut trump (first discard names it)",
    "rules.method.Drawn": "trump drawn at random",
    "rules.method.FaceUp": "trump card face up",
    "rules.method.None": "no trump",
    "rules.more": "{line}, {more}",
    "screen.read_only": "this screen only watches: the board is played from the teacher’s screen",
    "seat.named": "{seat} ({name})",
    "seat.unknown": "?",
    "show.agreed": "{tag} agreed at the table: {value}",
    "show.asks_reveal": "{seat} cannot follow and asks for the closed trump: it is turned up: {sign}",
    "show.cannot_set_up": "The deal cannot be set up: {error}",
    "show.captured": "{card} captured by {winner} for {side}",
    "show.deal": "deal {deal}",
    "show.dealer": "Dealer: {dealer}    First lead: {first}",
    "show.face_down": "{hand}   (face down: {card})",
    "show.face_down_played": "{seat} plays the face-down trump card: {sign} is trump",
    "show.hands": "Hands at the start:",
    "show.hands_at": "Hands at trick {trick}:",
    "show.index": "#{index} in the file",
    "show.match": "match {match}",
    "show.match_line": "Match: {match}",
    "show.names": "{seat} cannot follow: {card} names the trump: {sign}",
    "show.next_dealer": "Next dealer: {dealer} ({reason})",
    "show.no_card": "No card is played in this record.",
    "show.no_result": "No result: the play stops after trick {done} of {tricks} (so far tens {ac_tens}-{bd_tens}, tricks {ac_tricks}-{bd_tricks}, A/C first)",
    "show.no_setup": "The tags do not give a playable deal: there is nothing to replay.",
    "show.on_table": "On the table: {cards}",
    "show.pile": "Dehla: {pile}",
    "show.pile_streak": "{pile}; {seat} won the last trick",
    "show.pile_with": "{pile} with {tens}",
    "show.player": "{seat} ({side})",
    "show.player_named": "{seat} {name} ({side})",
    "show.players": "Players: {players}",
    "show.position": "Position at trick {trick}",
    "show.position_counts": "{position}: tens {ac_tens}-{bd_tens}, tricks {ac_tricks}-{bd_tricks} so far (A/C first)",
    "show.problem.at": "line {line}: ",
    "show.problem.at_col": "line {line}, col {col}: ",
    "show.problem.error": "error: ",
    "show.problem.warning": "warning: ",
    "show.result.mendikot": "{side} mendikot: all {tens} tens ({ac_tricks}-{bd_tricks} tricks)",
    "show.result.tens": "{side} win with {tens} tens ({ac_tricks}-{bd_tricks} tricks)",
    "show.result.tie": "Tie: tens {ac_tens}-{bd_tens}, tricks {ac_tricks}-{bd_tricks}; the same dealer deals again",
    "show.result.tricks": "{side} win with {won} of {tricks} tricks (tens {ac_tens}-{bd_tens})",
    "show.result.whitewash": "{side} whitewash: all {tricks} tricks and every ten",
    "show.reveal": "{seat} cannot follow: the closed trump is turned up: {sign}",
    "show.revokes": "{seat} revokes with {card} (recorded with ^R)",
    "show.rules": "Rules: {rules}",
    "show.scoring": "scoring {scoring}",
    "show.stops": "The replay stops here: {error}",
    "show.target": "match to {target} points",
    "show.tens": "Tens:",
    "show.title_where": "{title}  ({where})",
    "show.trick": "Trick {trick}",
    "show.trick_line": "{trick}  {leader} leads: {cards}",
    "show.trick_won": "{line}  → {winner} wins ({side})",
    "show.trump": "Trump: {trump}",
    "show.trump.Closed": "closed trump, already revealed",
    "show.trump.Cut": "named by a cut",
    "show.trump.Drawn": "drawn at random",
    "show.trump.FaceUp": "card face up",
    "show.trump.card": "{how}: {card}",
    "show.trump.closed": "closed (version {version}): {holder} has set a card aside face down; its suit is trump once revealed",
    "show.trump.cut": "cut: not yet named; the first card of a player who cannot follow names it",
    "show.trump.known": "{sign} {suit} ({how})",
    "show.trump.none": "none (a no-trump deal)",
    "show.trump_mark": "(* marks a card that counts as a trump)",
    "show.unknown_hand": "(unknown hand)",
    "show.untitled": "Untitled deal",
    "show.variation": "variation instead of {card}: {cards}",
    "step.end": "{sentence}.",
    "step.lead": "Trick {trick}: {who} leads the {card}",
    "step.named": "{sentence}, it names {suit} as trump",
    "step.over": "the deal is over",
    "step.play": "Trick {trick}: {who} plays the {card}",
    "step.position": "Position at trick {trick}: {turn}.",
    "step.result": "{sentence} {result}.",
    "step.revealed": "{sentence}, the closed trump is turned up: {suit}",
    "step.revoke": "{sentence}, a revoke",
    "step.start": "Start of the deal: {turn}.",
    "step.to_play": "{who} to play",
    "step.won": "{sentence} {who} wins the trick for {side}.",
    "suit.clubs": "clubs",
    "suit.diamonds": "diamonds",
    "suit.hearts": "hearts",
    "suit.spades": "spades",
    "ten.status.captured": "captured",
    "ten.status.gone": "taken before the position",
    "ten.status.hand": "still out",
    "ten.status.pile": "in the Dehla pile",
    "ten.status.table": "on the table",
    "value.1": "win",
    "value.2": "mendikot",
    "value.3": "whitewash"
  },
  "plurals": {
    "board.run": [
      "has won {count} in a row",
      "has won {count} in a row"
    ],
    "board.seat.hidden_hand": [
      "{seat}'s hand is hidden: {count} card",
      "{seat}'s hand is hidden: {count} cards"
    ],
    "board.trick.takes_pile": [
      "{seat} takes the pile for {side}: {count} trick",
      "{seat} takes the pile for {side}: {count} tricks"
    ],
    "board.trick.takes_pile_with": [
      "{seat} takes the pile for {side}: {count} trick with {tens}",
      "{seat} takes the pile for {side}: {count} tricks with {tens}"
    ],
    "count.tens": [
      "{count} ten",
      "{count} tens"
    ],
    "count.tricks": [
      "{count} trick",
      "{count} tricks"
    ],
    "notice.annotated": [
      "Added {count} point to the deal.",
      "Added {count} points to the deal."
    ],
    "notice.annotated_but": [
      "Added {count} point to the deal; {failure}.",
      "Added {count} points to the deal; {failure}."
    ],
    "picture.hidden": [
      "{count} card, hidden",
      "{count} cards, hidden"
    ],
    "picture.pile": [
      "Pile: {count} trick",
      "Pile: {count} tricks"
    ],
    "picture.pile_with": [
      "Pile: {count} trick with {tens}",
      "Pile: {count} tricks with {tens}"
    ],
    "picture.tens": [
      "{count} ten",
      "{count} tens"
    ],
    "picture.tricks": [
      "{count} trick",
      "{count} tricks"
    ],
    "rec.left": [
      "{count} card left in the pack",
      "{count} cards left in the pack"
    ],
    "rec.pack": [
      "The pack: {count} card left",
      "The pack: {count} cards left"
    ],
    "rec.pack_label": [
      "the pack: {count} card not dealt; a card clicked goes to {who}",
      "the pack: {count} cards not dealt; a card clicked goes to {who}"
    ],
    "rec.pack_to": [
      "The pack: {count} card left, each goes to {seat}",
      "The pack: {count} cards left, each goes to {seat}"
    ],
    "show.collects": [
      "{winner} collects the pile for {side}: {count} trick",
      "{winner} collects the pile for {side}: {count} tricks"
    ],
    "show.collects_with": [
      "{winner} collects the pile for {side}: {count} trick with {tens}",
      "{winner} collects the pile for {side}: {count} tricks with {tens}"
    ],
    "show.pile_tricks": [
      "{count} trick in the pile",
      "{count} tricks in the pile"
    ],
    "show.to_pile": [
      "the trick goes to the pile: {count} trick",
      "the trick goes to the pile: {count} tricks"
    ],
    "show.to_pile_with": [
      "the trick goes to the pile: {count} trick with {tens}",
      "the trick goes to the pile: {count} tricks with {tens}"
    ]
  }
};

// mendikot_replay/views/static/words.js
var words = {};
var plural = new Intl.PluralRules("en");
function useWords(given) {
  words = given && typeof given === "object" ? given : {};
  let lang = "en";
  if (typeof words.$lang === "string") lang = words.$lang;
  try {
    plural = new Intl.PluralRules(lang);
  } catch {
    plural = new Intl.PluralRules("en");
  }
}
function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) => values && name in values ? String(values[name]) : whole);
}
function say(id, values) {
  const template = id in words ? words[id] : messages_default.messages[id];
  return template === void 0 ? id : fill(template, values);
}
function sayParts(id, values) {
  const template = id in words ? words[id] : messages_default.messages[id];
  if (template === void 0) return [id];
  const parts = [];
  let at = 0;
  for (const m of String(template).matchAll(/\{(\w+)\}/g)) {
    if (m.index > at) parts.push(template.slice(at, m.index));
    parts.push(values && m[1] in values ? values[m[1]] : m[0]);
    at = m.index + m[0].length;
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}
function sayList(items) {
  return items.length ? items.reduce((first, more) => say("list.more", { first, more })) : "";
}
function sayCount(id, count, values) {
  const forms = id in words ? words[id] : messages_default.plurals[id];
  if (!Array.isArray(forms)) return id;
  const form = plural.select(count) === "one" ? forms[0] : forms[forms.length - 1];
  return fill(form, { count, ...values });
}

// mendikot_replay/views/static/cards.js
var SUIT_SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
var SUIT_ORDER = ["S", "H", "D", "C"];
var SUIT_ID = { S: "suit.spades", H: "suit.hearts", D: "suit.diamonds", C: "suit.clubs" };
var RANK_NUMBER = { A: 14, K: 13, Q: 12, J: 11, T: 10 };
function suitWord(suit) {
  return SUIT_ID[suit] ? say(SUIT_ID[suit]) : String(suit);
}
function rankWord(rank) {
  const number = RANK_NUMBER[rank] || Number(rank);
  return number >= 2 && number <= 14 ? say(`rank.${number}`) : String(rank);
}
function statusWord(status) {
  return ["hand", "table", "pile", "captured", "gone"].includes(status) ? say(`ten.status.${status}`) : String(status);
}
function valueWord(level) {
  return [1, 2, 3].includes(Number(level)) ? say(`value.${level}`) : String(level);
}
var ASK = "^T";
var FSI = "⁨";
var PDI = "⁩";
var ISOLATE_OPENERS = "⁦⁧⁨";
function balanced(text) {
  let depth = 0;
  let kept = "";
  for (const ch of String(text)) {
    if (ISOLATE_OPENERS.includes(ch)) depth += 1;
    else if (ch === PDI) {
      if (!depth) continue;
      depth -= 1;
    }
    kept += ch;
  }
  return kept + PDI.repeat(depth);
}
function sentencePieces(text) {
  const pieces = [];
  let plain = "";
  let piece = "";
  let depth = 0;
  for (const ch of String(text)) {
    if (!depth) {
      if (ch === FSI) {
        depth = 1;
        piece = "";
      } else plain += ch;
      continue;
    }
    if (ISOLATE_OPENERS.includes(ch)) depth += 1;
    else if (ch === PDI && --depth === 0) {
      if (plain) pieces.push([plain, false]);
      pieces.push([piece, true]);
      plain = "";
      continue;
    }
    piece += ch;
  }
  if (depth) {
    if (plain) pieces.push([plain, false]);
    pieces.push([piece, true]);
  } else if (plain) pieces.push([plain, false]);
  return pieces;
}
function plainText(text) {
  return String(text).replace(/[\u2066-\u2069]/g, "");
}
function rankText(card) {
  return card[0] === "T" ? "10" : card[0];
}
function cardName(card) {
  if (!card || card.length !== 2) return say("board.card.unknown");
  return say("card.name", { rank: rankWord(card[0]), suit: suitWord(card[1]) });
}
function cardText(card) {
  return card && card.length === 2 && SUIT_SIGN[card[1]] ? rankText(card) + SUIT_SIGN[card[1]] : "--";
}
function seatCard(seat, card) {
  return `${seat} ${cardText(card)}`;
}
function argsText(text) {
  return String(text).replace(/\b([AKQJT2-9])([SHDC])\b/g, (_, r, s) => cardText(r + s));
}
function clamp(k, n) {
  if (!Number.isFinite(k)) return 0;
  return Math.max(0, Math.min(n - 1, Math.trunc(k)));
}
function firstAfter(list, k) {
  for (const x of list) if (x > k) return x;
  return null;
}
function lastBefore(list, k) {
  let found = null;
  for (const x of list) if (x < k) found = x;
  return found;
}
function stillHeld(shown, held) {
  const left = /* @__PURE__ */ new Map();
  for (const c of held) left.set(c, (left.get(c) || 0) + 1);
  return shown.map((c) => {
    const n = left.get(c) || 0;
    if (n) left.set(c, n - 1);
    return n > 0;
  });
}
function packPlaces(pack, hands, order) {
  const places = [];
  for (const [seat, hand] of Object.entries(hands || {})) for (const card of hand) places.push([card, seat]);
  for (const card of pack || []) places.push([card, null]);
  return places.sort((a, b) => order(a[0]) - order(b[0]) || (a[1] === null) - (b[1] === null));
}
function packColumns(n, most) {
  return Math.max(1, Math.ceil(n / Math.max(1, Math.ceil(n / most))));
}

// mendikot_replay/views/static/dom.js
function h(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === void 0 || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on") && typeof value === "function") {
        node.addEventListener(key.slice(2), value);
      } else node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === void 0 || kid === false) continue;
    node.append(kid instanceof Node ? kid : String(kid));
  }
  return node;
}
function fill2(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((kid) => kid !== null && kid !== void 0 && kid !== false));
}
function bdi(text, attrs) {
  return h("bdi", { ...attrs || {}, text: balanced(text) });
}
function sentence(text) {
  return sentencePieces(text).map(([piece, user]) => user ? bdi(piece) : piece);
}
function cardFace(card, extra, label) {
  return h(
    "span",
    {
      class: `mr-card mr-suit-${card[1]}${extra ? " " + extra : ""}`,
      "data-card": card,
      role: "img",
      "aria-label": label || cardName(card)
    },
    h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(card) }),
    h("span", { class: "mr-sign", "aria-hidden": "true", text: SUIT_SIGN[card[1]] })
  );
}
function cardBack(label) {
  return h("span", { class: "mr-card mr-back", role: "img", "aria-label": label || say("board.card.back") });
}

// mendikot_replay/views/static/tree.js
var PAYLOAD_VERSION = 2;
function readPayload(data) {
  if (!data || data.version !== 1) return data || {};
  const steps = (data.steps || []).map((step, k, all) => ({
    ...step,
    id: k,
    parent: k ? k - 1 : null,
    children: k + 1 < all.length ? [k + 1] : [],
    main: true,
    depth: 0,
    asks: step.asks || []
  }));
  return { ...data, version: PAYLOAD_VERSION, steps, main_line: steps.map((_, k) => k), dead_ends: [] };
}
function checkedPath(all, path) {
  if (!Array.isArray(path) || !path.length || path[0] !== 0 || !all.length) return null;
  for (let i = 0; i < path.length; i++) {
    const id = path[i];
    if (!Number.isInteger(id) || id < 0 || id >= all.length) return null;
    if (i && all[id].parent !== path[i - 1]) return null;
  }
  const out = path.slice();
  for (let id = out[out.length - 1]; (all[id].children || []).length && out.length <= all.length; ) {
    id = all[id].children[0];
    out.push(id);
  }
  return out;
}
function lineThrough(all, id) {
  const up = [];
  for (let x = id; x !== null && x !== void 0 && up.length <= all.length; x = all[x].parent) up.push(x);
  up.reverse();
  return checkedPath(all, up) || [0];
}
function lineShown(payload, path) {
  const all = payload.steps || [];
  return checkedPath(all, path) || checkedPath(all, payload.main_line) || lineThrough(all, all.length - 1);
}
function lineMarks(all, ids) {
  const trickEnds = [];
  const tenSteps = [];
  const noteSteps = [];
  ids.forEach((id, k) => {
    const step = all[id];
    if (step.winner) trickEnds.push(k);
    if (k && ledgerMoved(all[ids[k - 1]], step)) tenSteps.push(k);
    if (k && step.card && noteCount(step.notes)) noteSteps.push(k);
  });
  return { trickEnds, tenSteps, noteSteps };
}
function ledgerMoved(before, after) {
  const a = before.ledger || [];
  const b = after.ledger || [];
  if (a.length !== b.length) return true;
  return a.some((entry, i) => entry.where !== b[i].where || entry.team !== b[i].team);
}
function noteCount(notes) {
  if (!notes) return 0;
  return (notes.glyph ? 1 : 0) + (notes.points || []).length + (notes.nags || []).length + (notes.comments || []).length;
}
function trickRows(all, first) {
  const ids = [];
  for (let x = first; x !== void 0 && ids.length <= all.length; x = (all[x].children || [])[0]) ids.push(x);
  return rowsOfTricks(all, ids);
}
function rowsOfTricks(all, ids) {
  const rows = [];
  for (const id of ids) {
    const row = rows[rows.length - 1];
    if (row && row.trick === all[id].trick) row.ids.push(id);
    else rows.push({ trick: all[id].trick, ids: [id] });
  }
  return rows;
}

// mendikot_replay/views/static/state.js
function option(view, name, fallback) {
  const value = view.model.get(name);
  return value === void 0 || value === null ? fallback : value;
}
function nodes(view) {
  return view.payload && view.payload.steps || [];
}
function lineOf(view) {
  const payload = view.payload;
  const raw = view.model.get("path");
  const cached = view.line;
  if (cached && cached.payload === payload && cached.raw === raw) return cached;
  const ids = lineShown(payload, raw);
  const { trickEnds, tenSteps, noteSteps } = lineMarks(nodes(view), ids);
  const key = ids.join(",");
  view.line = { payload, raw, ids, set: new Set(ids), key, trickEnds, tenSteps, noteSteps };
  return view.line;
}
function current(view) {
  const n = lineOf(view).ids.length;
  return n ? clamp(Number(view.model.get("step")), n) : 0;
}
function currentNode(view) {
  if (!nodes(view).length) return 0;
  return lineOf(view).ids[current(view)];
}
function stepAt(view, k) {
  const ids = lineOf(view).ids;
  return k >= 0 && k < ids.length ? nodes(view)[ids[k]] : null;
}
function go(view, k) {
  const n = lineOf(view).ids.length;
  if (!n || !nodes(view).length) return;
  const target = clamp(k, n);
  if (target === current(view) && target === view.model.get("step")) return;
  view.model.set("step", target);
  view.model.save_changes();
}
function goNode(view, id) {
  const all = nodes(view);
  if (!Number.isInteger(id) || id < 0 || id >= all.length) return;
  const path = lineThrough(all, id);
  setLine(view, path, path.indexOf(id));
}
function setLine(view, path, step) {
  const model = view.model;
  view.holding = true;
  try {
    model.set("path", path);
    model.set("step", step);
  } finally {
    view.holding = false;
  }
  model.save_changes();
  view.redraw();
}
function setOption(view, name, value) {
  view.model.set(name, value);
  view.model.save_changes();
}
function isBoard(view) {
  return Boolean(view.model.get("board")) && typeof view.model.send === "function";
}
function send(view, content) {
  if (!isBoard(view)) return false;
  view.model.send({ ...content, revision: view.payload.revision });
  return true;
}
var MOVES = {
  first: (v) => 0,
  last: (v) => lineOf(v).ids.length - 1,
  prev: (v) => current(v) - 1,
  next: (v) => current(v) + 1,
  prevTrick: (v) => lastBefore(lineOf(v).trickEnds, current(v)) ?? 0,
  nextTrick: (v) => firstAfter(lineOf(v).trickEnds, current(v)) ?? lineOf(v).ids.length - 1,
  prevTen: (v) => lastBefore(lineOf(v).tenSteps, current(v)) ?? current(v),
  nextTen: (v) => firstAfter(lineOf(v).tenSteps, current(v)) ?? current(v),
  prevNote: (v) => lastBefore(lineOf(v).noteSteps, current(v)) ?? current(v),
  nextNote: (v) => firstAfter(lineOf(v).noteSteps, current(v)) ?? current(v)
};
function rulesLine(payload) {
  const bits = [];
  if (payload.rules) bits.push(payload.rules);
  if (payload.dealer) bits.push(say("page.dealer", { dealer: payload.dealer }));
  if (payload.position) bits.push(say("board.position_from", { trick: payload.first_trick }));
  return bits.join(" · ");
}
function who(payload, seat) {
  const name = payload.names[seat];
  return h("span", { class: "mr-who" }, seat, name ? [" (", bdi(name), ")"] : null);
}
function whoText(payload, seat) {
  const name = payload.names[seat];
  return name ? say("seat.named", { seat, name }) : seat;
}

// mendikot_replay/views/static/analysis.js
function canAnalyse(view) {
  const analysis = view.model.get("analysis");
  return analysis !== void 0 && analysis !== null;
}
function analysisEntry(view, id) {
  const analysis = view.model.get("analysis");
  if (!analysis || id === null || id === void 0) return null;
  return analysis[String(id)] || null;
}
function analysisOf(view, id) {
  if (!option(view, "analyse", false) || !canAnalyse(view)) return null;
  const entry = analysisEntry(view, id);
  if (entry) return entry;
  if (typeof view.model.send === "function") return { status: "pending" };
  return { status: "unavailable", reason: say("board.dd.no_value_here") };
}
function valueText(value) {
  if (value === 0) return say("board.dd.tie");
  const rank = Math.abs(value);
  return say("board.dd.value", { side: value > 0 ? "AC" : "BD", level: valueWord(rank) });
}
function entryText(entry, value) {
  if (entry.value === value && entry.text) return entry.text;
  for (const v of Object.values(entry.cards || {})) if (v.value === value && v.text) return v.text;
  return valueText(value);
}
function readMove(text) {
  if (!text) return null;
  const ask = text.startsWith(ASK);
  return { card: ask ? text.slice(ASK.length) : text, ask };
}
function moveValue(entry, step) {
  if (!entry || entry.value === null || entry.value === void 0 || !step || !step.card) return null;
  const card = step.card.card;
  const asked = Boolean(step.card.asked);
  const moves = entry.moves || null;
  const played = entry.played && entry.played.card === card && Boolean(entry.played.asked) === asked ? entry.played : null;
  let value;
  if (moves && (asked ? ASK + card : card) in moves) value = moves[asked ? ASK + card : card];
  else if (played) value = played.value;
  else if (!asked && entry.cards && entry.cards[card]) value = entry.cards[card].value;
  else return null;
  const keeps = value === entry.value;
  let better = null;
  if (!keeps) {
    if (played && played.better) better = { card: played.better, ask: Boolean(played.better_asks) };
    else better = readMove(entry.best);
  }
  return {
    card,
    asked,
    seat: step.card.seat,
    value,
    text: entryText(entry, value),
    keeps,
    better: better ? better.card : null,
    betterAsks: better ? better.ask : false
  };
}
function mistakeAt(view, step) {
  if (!step || step.parent === null || step.parent === void 0) return null;
  const entry = analysisOf(view, step.parent);
  const played = moveValue(entry, step);
  if (!played || played.keeps) return null;
  return { played, before: entry.text, seat: played.seat };
}
function drawAnalysis(view, step, k, quizSeat) {
  const box = view.parts.dd;
  const entry = analysisOf(view, step.id);
  if (!entry) {
    box.hidden = true;
    box.dataset.state = "off";
    box.removeAttribute("data-value");
    box.replaceChildren();
    return;
  }
  const payload = view.payload;
  box.hidden = false;
  box.dataset.state = entry.status;
  if (entry.value === null || entry.value === void 0) box.removeAttribute("data-value");
  else box.dataset.value = String(entry.value);
  const kids = [h("div", { class: "mr-boxtitle", text: say("board.dd.title") })];
  if (quizSeat && quizSeat === entry.to_play) {
    box.removeAttribute("data-value");
    kids.push(h("div", { class: "mr-dim" }, who(payload, quizSeat), ` ${say("board.dd.hidden")}`));
    box.replaceChildren(...kids);
    return;
  }
  if (entry.status === "pending") {
    kids.push(h("div", { class: "mr-dim", text: say("board.dd.solving") }));
  } else if (entry.status === "too-early") {
    kids.push(
      h("div", { class: "mr-ddvalue mr-dim", text: say("board.dd.early", { tricks: sayCount("count.tricks", entry.tricks_left) }) }),
      h("div", { class: "mr-dim", text: say("board.dd.max_tricks", { tricks: entry.max_tricks }) })
    );
  } else if (entry.status === "unavailable") {
    kids.push(h("div", { class: "mr-ddvalue mr-dim", text: say("board.dd.no_value", { reason: entry.reason || say("board.dd.unknown") }) }));
  } else {
    kids.push(h("div", { class: "mr-ddvalue" }, `${say("board.dd.label")} `, h("strong", { text: entry.text })));
    if (entry.status === "over") {
      kids.push(h("div", { class: "mr-dim", text: say("board.dd.over") }));
    } else if (entry.to_play) {
      const values = Object.values(entry.cards || {});
      const lose = values.filter((v) => !v.keeps).length;
      let words2;
      if (!lose) words2 = ` ${say("board.dd.all_keep", { value: entry.text })}`;
      else words2 = ` ${say("board.dd.some_lose", { value: entry.text, lose, cards: values.length })}`;
      kids.push(h("div", null, who(payload, entry.to_play), words2));
    }
  }
  const before = step.parent !== null && step.parent !== void 0 ? analysisOf(view, step.parent) : null;
  const p = moveValue(before, step);
  if (p) {
    const move = (card, asked) => asked ? say("board.dd.asking", { card: cardText(card) }) : cardText(card);
    const played = move(p.card, p.asked);
    let text;
    if (p.keeps) text = say("board.dd.played_keeps", { card: played, value: p.text });
    else if (p.better) text = say("board.dd.mistake_better", { card: played, before: before.text, after: p.text, better: move(p.better, p.betterAsks) });
    else text = say("board.dd.mistake", { card: played, before: before.text, after: p.text });
    text = ` ${text}`;
    kids.push(h("div", { class: p.keeps ? "mr-ddplayed" : "mr-ddplayed mr-dd-mistake", "data-testid": "mr-dd-played" }, who(payload, p.seat), text));
  }
  box.replaceChildren(...kids);
}

// mendikot_replay/views/static/chances.js
var svgSpace = null;
function svgNamespace() {
  if (!svgSpace) svgSpace = document.createRange().createContextualFragment("<svg></svg>").firstChild.namespaceURI;
  return svgSpace;
}
function svgEl(tag, attrs, ...kids) {
  const node = document.createElementNS(svgNamespace(), tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === void 0 || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, String(value));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === void 0 || kid === false) continue;
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
}
function pct(x) {
  return `${Math.round(100 * Number(x))}%`;
}
function canChances(view) {
  const graph = view.model.get("chance_graph");
  return graph !== void 0 && graph !== null && typeof view.model.send === "function";
}
function quizByChances(view) {
  const odds = view.model.get("quiz_odds");
  return option(view, "quiz_grade", "chances") === "chances" && odds !== void 0 && odds !== null && typeof view.model.send === "function";
}
function chanceOptions(view, check) {
  if (!canChances(view)) return [];
  const grade = h(
    "select",
    {
      "data-testid": "mr-opt-grade",
      "data-option": "quiz_grade",
      "aria-label": say("chances.grade_label"),
      onchange: (event) => setOption(view, "quiz_grade", event.target.value)
    },
    h("option", { value: "chances", text: say("chances.grade_chances") }),
    h("option", { value: "double-dummy", text: say("chances.grade_dd") })
  );
  return [check("mr-opt-chances", say("chances.option"), "chances", null, (on) => on), h("label", { class: "mr-opt" }, grade)];
}
function buildChances(view) {
  if (!canChances(view)) return null;
  const parts = view.parts;
  parts.chanceTitle = h("div", { class: "mr-boxtitle", text: say("chances.title") });
  parts.chanceProgress = h("span", { class: "mr-chanceprogress", "data-testid": "mr-chances-progress", role: "status", "aria-live": "polite" });
  parts.chanceArea = h("div", { class: "mr-chancearea" });
  parts.chanceNote = h("div", { class: "mr-chancenote mr-dim" });
  parts.chanceNow = h("div", { class: "mr-chancenow", "data-testid": "mr-chances-now", "aria-live": "polite" });
  const swatch = (cls) => h("span", { class: `mr-swatch ${cls}`, "aria-hidden": "true" });
  parts.chanceLegend = h(
    "div",
    { class: "mr-chancelegend" },
    h("span", null, swatch("mr-sw-line"), say("chances.key.line")),
    h("span", null, swatch("mr-sw-AC"), say("chances.key.ac")),
    h("span", null, swatch("mr-sw-BD"), say("chances.key.bd")),
    h("span", null, swatch("mr-sw-mistake"), say("chances.key.mistake"))
  );
  parts.chanceGlance = h("span", { class: "mr-chance-glancekey", hidden: true }, swatch("mr-sw-glance"), say("chances.key.glance"));
  parts.chanceLegend.append(parts.chanceGlance);
  parts.chances = h(
    "section",
    { class: "mr-box mr-chances", "data-testid": "mr-chances-box", "aria-label": say("chances.box"), hidden: true },
    h("div", { class: "mr-chancehead" }, parts.chanceTitle, parts.chanceProgress),
    parts.chanceNow,
    parts.chanceArea,
    parts.chanceLegend,
    parts.chanceNote
  );
  parts.chanceKey = null;
  parts.chancePoints = [];
  if (view.chanceObserver) view.chanceObserver.disconnect();
  if (typeof ResizeObserver === "function") {
    let width = 0;
    view.chanceObserver = new ResizeObserver(() => {
      const now = parts.chanceArea.clientWidth;
      if (now && Math.abs(now - width) > 1) {
        width = now;
        parts.chanceKey = null;
        if (view.payload && !parts.chances.hidden) drawChances(view);
      }
    });
    view.chanceObserver.observe(parts.chanceArea);
  }
  return parts.chances;
}
function mainPly(view) {
  const id = currentNode(view);
  const main = view.payload.main_line || [];
  const k = main.indexOf(id);
  return k < 0 ? null : k;
}
function drawChances(view) {
  const parts = view.parts;
  if (!parts.chances) return;
  const graph = view.model.get("chance_graph") || {};
  const on = Boolean(option(view, "chances", false)) && graph.status && graph.status !== "off";
  parts.chances.hidden = !on;
  view.root.classList.toggle("mr-has-chances", Boolean(on));
  if (!on) {
    parts.chanceKey = null;
    return;
  }
  const points = graph.points || [];
  const total = graph.total || 0;
  if (graph.status === "unavailable") {
    parts.chanceProgress.textContent = say("chances.unavailable", { reason: graph.reason || say("chances.no_score") });
  } else if (graph.status === "done") {
    parts.chanceProgress.textContent = say("chances.done", { done: points.length, total });
  } else if (graph.glanced) {
    parts.chanceProgress.textContent = say("chances.glanced", { drawn: points.length, total, done: graph.done || 0 });
  } else {
    parts.chanceProgress.textContent = say("chances.working", { done: graph.done || 0, total });
  }
  parts.chances.dataset.status = graph.status;
  const here = mainPly(view);
  const quiz = option(view, "quiz_seat", "");
  const cut = quiz ? here === null ? -1 : here : Infinity;
  const sampled = points.filter((p) => !p.exact).length;
  const notes = [];
  parts.chanceGlance.hidden = !points.some((p) => p.glance);
  const drawn = say("chances.drawn", { samples: graph.samples, seed: graph.seed });
  if (points.length && sampled === points.length) notes.push(say("chances.note.sampled", { drawn }));
  else if (sampled) notes.push(say("chances.note.some", { drawn }));
  else if (points.length) notes.push(say("chances.note.exact"));
  if (quiz && points.some((p) => p.ply > cut)) notes.push(say("chances.note.quiz"));
  parts.chanceNote.textContent = notes.join(" ");
  const width = Math.floor(parts.chanceArea.clientWidth || 0) || 720;
  const key = [width, cut, option(view, "scale", 1), lineOf(view).key].join("|");
  if (key !== parts.chanceKey || graph !== parts.chanceDrawn) {
    parts.chanceDrawn = graph;
    const focused = parts.chanceArea.contains(document.activeElement);
    parts.chanceKey = key;
    parts.chanceArea.replaceChildren(chanceSvg(view, graph, width, cut));
    markChances(view, here);
    if (focused) focusChance(view, here);
  } else {
    markChances(view, here);
  }
}
function chanceSvg(view, graph, width, cut) {
  const payload = view.payload;
  const all = nodes(view);
  const main = payload.main_line || [];
  const lineCards = Math.max(main.length - 1, 0);
  const total = Math.min(graph.total || 0, lineCards);
  const font = parseFloat(getComputedStyle(view.root).fontSize) || 13;
  const first = lineCards - total;
  const count = total + 1;
  const height = Math.round(font * 12.5);
  const m = { left: Math.round(font * 3.1), right: Math.round(font * 0.6), top: Math.round(font * 0.7), bottom: Math.round(font * 1.9) };
  const plotW = Math.max(width - m.left - m.right, 10);
  const plotH = height - m.top - m.bottom;
  const col = plotW / Math.max(count, 1);
  const X = (ply) => m.left + (ply - first + 0.5) * col;
  const Y = (p) => m.top + (1 - p) * plotH;
  const byPly = /* @__PURE__ */ new Map();
  for (const p of graph.points || []) if (p.ply <= cut) byPly.set(p.ply, p);
  const firstPoint = (graph.points || []).find((p) => p.ply === first + 1);
  const at = (ply) => {
    if (ply > cut) return null;
    if (ply === first) return firstPoint ? { ac: firstPoint.ac_before, dd: firstPoint.dd_before, ddText: firstPoint.dd_before_text } : null;
    const p = byPly.get(ply);
    return p ? { ac: p.ac_after, dd: p.dd_after, ddText: p.dd_after_text, point: p } : null;
  };
  const kids = [];
  const ddLevel = (dd) => dd > 0 ? 1 : dd < 0 ? 0 : 0.5;
  let stepPath = "";
  let joined = false;
  for (let ply = first; ply <= lineCards; ply++) {
    const a = at(ply);
    if (!a || a.dd === null || a.dd === void 0) {
      joined = false;
      continue;
    }
    const x0 = X(ply) - col / 2;
    if (a.dd !== 0) {
      const top = a.dd > 0 ? Y(1) : Y(0.5);
      kids.push(svgEl("rect", { class: `mr-ddband mr-ddband-${a.dd > 0 ? "AC" : "BD"}`, x: x0.toFixed(1), y: top.toFixed(1), width: (col + 0.5).toFixed(1), height: (plotH / 2).toFixed(1) }));
    }
    const y = Y(ddLevel(a.dd)).toFixed(1);
    const end = (x0 + col).toFixed(1);
    stepPath += joined ? `V${y} H${end} ` : `M${x0.toFixed(1)},${y} H${end} `;
    joined = true;
  }
  const grid = [];
  for (const p of [0, 0.5, 1]) {
    grid.push(svgEl("line", { class: p === 0.5 ? "mr-grid mr-grid-mid" : "mr-grid", x1: m.left, x2: m.left + plotW, y1: Y(p).toFixed(1), y2: Y(p).toFixed(1) }));
    grid.push(svgEl("text", { class: "mr-axis", x: m.left - font * 0.35, y: (Y(p) + font * 0.35).toFixed(1), "text-anchor": "end", text: pct(p) }));
  }
  const trickOf = (ply) => ply >= 1 && ply < main.length ? all[main[ply]].trick : null;
  const tricks = [];
  for (let ply = first + 1; ply <= lineCards; ply++) {
    const t = trickOf(ply);
    if (t === null || t === void 0) continue;
    const last = tricks[tricks.length - 1];
    if (last && last.trick === t) last.to = ply;
    else tricks.push({ trick: t, from: ply, to: ply });
  }
  if (tricks.length) grid.push(svgEl("text", { class: "mr-axis", x: m.left - font * 0.35, y: (m.top + plotH + font * 1.2).toFixed(1), "text-anchor": "end", text: "trick" }));
  const labelEvery = Math.max(1, Math.ceil(font * 1.9 / Math.max(col * (payload.players || 4), 1)));
  tricks.forEach((t, i) => {
    const left = X(t.from) - col / 2;
    if (i) grid.push(svgEl("line", { class: "mr-grid mr-grid-trick", x1: left.toFixed(1), x2: left.toFixed(1), y1: m.top, y2: m.top + plotH }));
    if (i % labelEvery === 0) {
      const mid = (X(t.from) + X(t.to)) / 2;
      grid.push(svgEl("text", { class: "mr-axis", x: mid.toFixed(1), y: (m.top + plotH + font * 1.2).toFixed(1), "text-anchor": "middle", text: String(t.trick) }));
    }
  });
  const runs = [];
  let run = [];
  for (let ply = first; ply <= lineCards; ply++) {
    const a = at(ply);
    if (a) run.push(`${X(ply).toFixed(1)},${Y(a.ac).toFixed(1)}`);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  const curve = runs.map((r) => svgEl("polyline", { class: "mr-curve", points: r.join(" ") }));
  const spots = [];
  const radius = Math.max(font * 0.3, 3);
  for (let ply = first; ply <= lineCards; ply++) {
    const a = at(ply);
    if (!a) continue;
    const p = a.point;
    const mistake = Boolean(p && p.mistake);
    const x = X(ply);
    const label = chanceLabel(view, ply, a, p);
    const g = svgEl(
      "g",
      {
        class: `mr-chancept${mistake ? " mr-chance-mistake" : ""}${p && p.glance ? " mr-chance-glance" : ""}`,
        "data-ply": String(ply),
        "data-glance": p && p.glance ? "true" : null,
        "data-mistake": mistake ? "true" : null,
        role: "button",
        tabindex: "-1",
        "aria-label": label
      },
      svgEl("title", { text: label }),
      svgEl("rect", { class: "mr-chancecol", x: (x - col / 2).toFixed(1), y: m.top, width: col.toFixed(1), height: plotH }),
      mistake ? svgEl("line", { class: "mr-drop", x1: x.toFixed(1), x2: x.toFixed(1), y1: Y(p.ac_before).toFixed(1), y2: Y(p.ac_after).toFixed(1) }) : null,
      mistake ? svgEl("circle", { class: "mr-was", cx: x.toFixed(1), cy: Y(p.ac_before).toFixed(1), r: (radius * 0.8).toFixed(1) }) : null,
      svgEl("circle", { class: "mr-dot", cx: x.toFixed(1), cy: Y(a.ac).toFixed(1), r: (mistake ? radius * 1.6 : radius).toFixed(1) }),
      mistake ? mistakeLabel(p, x, Y, font, m, plotW) : null
    );
    g.addEventListener("click", () => goChance(view, ply));
    spots.push(g);
  }
  view.parts.chancePoints = spots;
  const svg = svgEl(
    "svg",
    {
      class: "mr-chancesvg",
      "data-testid": "mr-chances",
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: "group",
      "aria-label": say("chances.graph_label")
    },
    svgEl("g", { class: "mr-dd-layer" }, kids, stepPath ? svgEl("path", { class: "mr-ddstep", d: stepPath.trim() }) : null),
    svgEl("g", { class: "mr-grid-layer" }, grid),
    svgEl("rect", { class: "mr-here-col", x: 0, y: m.top, width: 3, height: plotH, visibility: "hidden" }),
    svgEl("g", { class: "mr-curve-layer" }, curve),
    svgEl("g", { class: "mr-points-layer" }, spots)
  );
  svg.addEventListener("keydown", (event) => chanceKey(view, event));
  view.parts.chanceGeom = { X, col };
  return svg;
}
function mistakeLabel(p, x, Y, font, m, plotW) {
  const high = Math.min(Y(p.ac_before), Y(p.ac_after));
  const low = Math.max(Y(p.ac_before), Y(p.ac_after));
  const y = high - font * 0.75 >= m.top + font * 0.8 ? high - font * 0.75 : low + font * 1.35;
  const anchor = x < m.left + font * 2 ? "start" : x > m.left + plotW - font * 2 ? "end" : "middle";
  return svgEl("text", { class: "mr-mistake-label", x: x.toFixed(1), y: y.toFixed(1), "text-anchor": anchor, "aria-hidden": "true", text: `${p.seat} ${cardText(p.card)}` });
}
function chanceLabel(view, ply, a, p) {
  const withDd = (text2) => a.ddText ? say("chances.label.dd", { text: text2, value: a.ddText }) : text2;
  if (!p) return withDd(say("chances.label.before", { card: ply + 1, chance: pct(a.ac) }));
  const payload = view.payload;
  const card = p.asked ? say("chances.asking_card", { card: cardText(p.card) }) : cardText(p.card);
  let text = say(p.glance ? "chances.label.glance" : "chances.label.card", { ply, who: whoText(payload, p.seat), card, chance: pct(p.ac_after) });
  if (p.mistake) {
    const side = payload.team_labels[p.team] || p.team;
    const best = p.best === ASK ? say("chances.asking") : cardText(p.best);
    text = say("chances.label.mistake", { text, side, before: pct(p.win_before), best, after: pct(p.win_after) });
  }
  return withDd(text);
}
function goChance(view, ply) {
  const main = view.payload.main_line || [];
  if (ply < 0 || ply >= main.length) return;
  goNode(view, main[ply]);
}
function chanceKey(view, event) {
  const spots = view.parts.chancePoints || [];
  if (!spots.length || event.ctrlKey || event.metaKey || event.altKey) return;
  const plies = spots.map((g2) => Number(g2.dataset.ply));
  const g = event.target.closest && event.target.closest("[data-ply]");
  const now = g ? Number(g.dataset.ply) : mainPly(view);
  let i = plies.indexOf(now);
  if (event.key === "Enter" || event.key === " ") {
    if (i >= 0) goChance(view, plies[i]);
  } else if (event.key === "ArrowRight" || event.key === "ArrowDown") i = Math.min(i + 1, plies.length - 1);
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") i = Math.max(i - 1, 0);
  else if (event.key === "Home") i = 0;
  else if (event.key === "End") i = plies.length - 1;
  else return;
  event.preventDefault();
  event.stopPropagation();
  if (event.key !== "Enter" && event.key !== " " && i >= 0) {
    goChance(view, plies[i]);
    focusChance(view, plies[i]);
  }
}
function markChances(view, here) {
  const spots = view.parts.chancePoints || [];
  let stop = null;
  for (const g of spots) {
    const ply = Number(g.dataset.ply);
    const current2 = here !== null && ply === here;
    g.classList.toggle("mr-here", current2);
    if (current2) g.setAttribute("aria-current", "step");
    else g.removeAttribute("aria-current");
    if (here !== null && ply <= here) stop = g;
  }
  if (!stop && spots.length) stop = spots[0];
  view.parts.chanceNow.textContent = chanceNowText(view, here);
  for (const g of spots) g.setAttribute("tabindex", g === stop ? "0" : "-1");
  const col = view.parts.chanceArea.querySelector(".mr-here-col");
  const geom = view.parts.chanceGeom;
  if (col && geom) {
    const shown = here !== null && spots.some((g) => Number(g.dataset.ply) === here);
    col.setAttribute("visibility", shown ? "visible" : "hidden");
    if (shown) col.setAttribute("x", (geom.X(here) - 1.5).toFixed(1));
  }
}
function chanceNowText(view, here) {
  const points = (view.model.get("chance_graph") || {}).points || [];
  const p = here === null ? null : points.find((q) => q.ply === here);
  if (!p) return "";
  const payload = view.payload;
  const side = payload.team_labels[p.team] || p.team;
  const card = p.asked ? say("chances.asking_card", { card: cardText(p.card) }) : cardText(p.card);
  const best = p.best === ASK ? say("chances.asking_first") : cardText(p.best);
  const more = Math.round(100 * (p.win_before - p.win_after));
  let choice = say("chances.now.best");
  if (more > 0) choice = say("chances.now.better", { best, chance: pct(p.win_before), more });
  else if (p.best !== p.card || p.asked) choice = say("chances.now.as_good", { best });
  return say("chances.now", { trick: p.trick, who: whoText(payload, p.seat), card, side, chance: pct(p.win_after), seat: p.seat, choice });
}
function focusChance(view, ply) {
  const spots = view.parts.chancePoints || [];
  const g = spots.find((s) => Number(s.dataset.ply) === ply) || spots.find((s) => s.getAttribute("tabindex") === "0");
  if (g) g.focus({ preventScroll: true });
}
function quizChanceGrade(view, q, actual) {
  const payload = view.payload;
  const entry = (view.model.get("quiz_odds") || {})[String(q.at)];
  if (!entry) {
    return {
      state: "working",
      kids: [h("strong", { text: say("chances.quiz.chose", { card: cardText(q.chosen) }) }), " ", ...sayParts("chances.quiz.working", { who: who(payload, q.seat) })]
    };
  }
  if (entry.status !== "done") return null;
  const cards = entry.cards || [];
  const chosen = cards.find((c) => c.card === q.chosen);
  const best = cards[0];
  const kids = [];
  let state;
  if (!chosen) {
    state = "wrong";
    kids.push(h("strong", { text: say("chances.quiz.illegal") }), " ", say("chances.quiz.cannot", { card: cardText(q.chosen) }), " ");
  } else {
    state = chosen.right ? "right" : "wrong";
    const grade = chosen.card === best.card ? "chances.quiz.best" : "chances.quiz.chance";
    const words2 = say(grade, { card: cardText(chosen.card), chance: pct(chosen.win), best: cardText(best.card), best_chance: pct(best.win) });
    kids.push(h("strong", { text: say(chosen.right ? "quiz.right" : "quiz.not_best") }), " ", words2, " ");
  }
  const played = cards.find((c) => c.card === actual);
  const verdict = actual === q.chosen ? "quiz.played_too" : played ? "chances.quiz.played_chance" : "quiz.played";
  kids.push(...sayParts(verdict, { who: who(payload, q.seat), card: cardText(actual), chance: played ? pct(played.win) : "" }));
  const how = entry.exact ? say("chances.quiz.all", { worlds: entry.worlds }) : say("chances.quiz.drawn", { samples: entry.samples });
  const list = h(
    "ul",
    { class: "mr-quizodds", "data-testid": "mr-quiz-odds", "aria-label": say("chances.quiz.list") },
    cards.map(
      (c) => h(
        "li",
        { class: `${c.right ? "mr-q-right" : "mr-q-wrong"}${c.card === q.chosen ? " mr-q-chosen" : ""}`, "data-card": c.card, "data-win": String(c.win), "data-right": String(Boolean(c.right)) },
        h("span", { class: "mr-q-mark", "aria-hidden": "true", text: c.right ? "✓" : "✗" }),
        h("strong", { text: cardText(c.card) }),
        ` ${pct(c.win)}`,
        c.dd_text ? h("span", { class: "mr-dim", text: ` ${say("chances.quiz.dd", { value: c.dd_text })}` }) : null
      )
    )
  );
  const side = payload.team_labels[entry.team] || entry.team;
  kids.push(
    h(
      "div",
      { class: "mr-quizhow mr-dim" },
      ...sayParts("chances.quiz.how", { side, who: who(payload, entry.seat), how, margin: Math.round(100 * entry.margin) })
    ),
    list
  );
  if (entry.ask && best && entry.ask.win > best.win + 1e-9) {
    kids.push(h("div", { class: "mr-dim", text: say("chances.quiz.ask", { chance: pct(entry.ask.win) }) }));
  }
  return { state, kids };
}

// mendikot_replay/views/static/editor.js
var ED_GLYPHS = [
  ["!", 1],
  ["?", 2],
  ["!!", 3],
  ["??", 4],
  ["!?", 5],
  ["?!", 6]
];
var ED_TYPING = "textarea, input, select";
function edState(view) {
  if (!view.mrEditor) {
    view.mrEditor = {
      drafts: /* @__PURE__ */ new Map(),
      // node id -> text typed in the box and not sent (or refused)
      editing: null,
      // {node, index, text}: the comment the box replaces
      sent: null,
      // {payload, node}: a comment sent, waiting for Python's payload
      boxNode: null,
      // the node whose draft the box shows
      notice: null,
      // the notice shown: {id, kind, text, actions, source, node}
      modelId: void 0,
      // the id of the last `notice` of the model seen
      localCount: 0,
      noticeKey: null,
      // what the notice area was last drawn for
      wasDirty: false,
      // `dirty` at the last draw of the notice
      copying: false,
      // the "copy to another file" path input is open
      copyPath: "",
      nagsFor: null,
      // the payload the NAG menu was filled from
      parts: null,
      connected: false
    };
    edListen(view);
  }
  return view.mrEditor;
}
function edFile(view) {
  const file = view.model.get("file");
  return typeof file === "string" ? file : "";
}
function edListen(view) {
  const names = ["file"];
  const redraw = () => {
    const st = view.mrEditor;
    if (st.connected && view.root && !view.root.isConnected) {
      for (const name of names) view.model.off(`change:${name}`, redraw);
      return;
    }
    if (!view.payload || !st.parts) return;
    drawEditor(view, currentNode(view));
    drawNotice(view);
  };
  for (const name of names) view.model.on(`change:${name}`, redraw);
}
function edKeepKeys(el) {
  const stop = (event) => {
    if (event.target && event.target.matches && event.target.matches(ED_TYPING)) event.stopPropagation();
  };
  for (const type of ["keydown", "keyup", "keypress"]) el.addEventListener(type, stop);
  el.addEventListener("pointerdown", (event) => {
    if (event.target && event.target.matches && event.target.matches("textarea, input")) event.stopPropagation();
  });
}
function edParts(view) {
  const st = edState(view);
  if (st.parts) return st.parts;
  const p = {};
  p.title = h("div", { class: "mr-boxtitle", "data-testid": "mr-edit-title" });
  p.list = h("ul", { class: "mr-edlist", "data-testid": "mr-comments", "aria-label": say("editor.comments") });
  p.box = h("textarea", {
    class: "mr-edbox",
    "data-testid": "mr-comment-box",
    "aria-label": say("editor.box"),
    rows: "2",
    placeholder: say("editor.placeholder"),
    spellcheck: "true",
    oninput: () => edTyped(view),
    onkeydown: (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        edSubmit(view);
      } else if (event.key === "Escape" && st.editing) {
        edCancel(view);
      }
    }
  });
  p.add = h("button", { type: "button", class: "mr-btn mr-edadd", "data-testid": "mr-comment-add", text: say("editor.add"), onclick: () => edSubmit(view) });
  p.cancel = h("button", { type: "button", class: "mr-btn", "data-testid": "mr-comment-cancel", text: say("editor.cancel"), hidden: true, onclick: () => edCancel(view) });
  p.glyphButtons = ED_GLYPHS.map(([glyph, nag]) => {
    const meaning = say(`nag.${nag}`);
    return h("button", {
      type: "button",
      class: "mr-btn mr-edglyph",
      "data-testid": `mr-glyph-${glyph}`,
      "data-glyph": glyph,
      "aria-pressed": "false",
      "aria-label": say("editor.glyph_label", { glyph, meaning }),
      title: say("editor.glyph_title", { glyph, meaning }),
      text: glyph,
      onclick: () => edGlyph(view, glyph)
    });
  });
  p.glyphs = h("div", { class: "mr-edglyphs", role: "group", "aria-label": say("editor.mark_label"), "data-testid": "mr-glyphs" }, p.glyphButtons);
  p.nag = h("select", {
    class: "mr-ednag",
    "data-testid": "mr-nag",
    "aria-label": say("editor.nag_label"),
    onchange: () => edAddNag(view)
  });
  p.nags = h("ul", { class: "mr-edlist mr-ednags", "data-testid": "mr-nags", "aria-label": say("editor.nags") });
  p.cardPart = h(
    "div",
    { class: "mr-edcard" },
    h("div", { class: "mr-edlabel", text: say("editor.mark") }),
    p.glyphs,
    h("div", { class: "mr-edlabel", text: say("editor.observations") }),
    p.nags,
    p.nag
  );
  p.root = h(
    "section",
    { class: "mr-box mr-editor", "data-testid": "mr-editor", "aria-label": say("editor.label"), hidden: true },
    p.title,
    p.list,
    p.box,
    h("div", { class: "mr-edrow" }, p.add, p.cancel),
    p.cardPart
  );
  edKeepKeys(p.root);
  p.dirty = h("span", { class: "mr-dirty", "data-testid": "mr-dirty", hidden: true, text: say("editor.unsaved") });
  p.save = h("button", { type: "button", class: "mr-btn mr-save", "data-testid": "mr-save", text: say("editor.save"), hidden: true, onclick: () => send(view, { do: "save" }) });
  p.notice = h("div", { class: "mr-notice", "data-testid": "mr-notice", hidden: true });
  p.bar = h("div", { class: "mr-savebar", "data-testid": "mr-savebar", hidden: true }, p.notice, h("span", { class: "mr-savebox" }, p.dirty, p.save));
  edKeepKeys(p.bar);
  st.parts = p;
  return p;
}
function buildEditor(view) {
  const p = edParts(view);
  edState(view).boxNode = null;
  return p.root;
}
function edPlaceBar(view) {
  const st = edState(view);
  const bar = st.parts.bar;
  if (!view.root) return;
  if (view.root.isConnected) st.connected = true;
  if (bar.parentNode === view.root) return;
  const anchor = view.root.querySelector(":scope > .mr-options") || view.root.querySelector(":scope > [data-testid=mr-board]");
  const body = view.root.querySelector(":scope > .mr-body");
  if (anchor) anchor.after(bar);
  else if (body) body.before(bar);
  else view.root.append(bar);
}
function drawEditor(view, nodeId) {
  const st = edState(view);
  const p = edParts(view);
  edPlaceBar(view);
  edDrawSave(view);
  const board = isBoard(view);
  const payload = view.payload || {};
  const all = payload.steps || [];
  const step = all[nodeId];
  p.root.hidden = !board || !step;
  if (p.root.hidden) return;
  if (st.sent && st.sent.payload !== payload) {
    st.drafts.delete(st.sent.node);
    if (st.editing && st.editing.node === st.sent.node) st.editing = null;
    st.boxNode = null;
    st.sent = null;
    const active = document.activeElement;
    if ((!active || active === document.body) && view.root && view.root.isConnected) view.root.focus({ preventScroll: true });
  }
  if (st.boxNode !== nodeId) {
    p.box.value = st.drafts.get(nodeId) || "";
    st.boxNode = nodeId;
  }
  const notes = step.notes || {};
  const own = notes.own || [];
  const editing = st.editing && st.editing.node === nodeId ? st.editing : null;
  if (editing) {
    const same = own.find((c) => c.index === editing.index && c.text === editing.text) || own.find((c) => c.text === editing.text);
    if (same) editing.index = same.index;
    else st.editing = null;
  }
  if (nodeId === 0 || !step.card) {
    p.title.textContent = say("editor.deal_title");
    p.box.placeholder = say("editor.deal_placeholder");
  } else {
    const card = step.card;
    p.title.textContent = say("editor.card_title", { seat: card.seat, card: cardText(card.card), number: edCardNumber(view, nodeId) });
    p.box.placeholder = say("editor.card_placeholder");
  }
  p.list.replaceChildren(
    ...own.map((comment, i) => {
      const n = i + 1;
      const here = st.editing && st.editing.node === nodeId && st.editing.index === comment.index;
      return h(
        "li",
        { class: here ? "mr-edcomment mr-editing" : "mr-edcomment", "data-index": String(comment.index) },
        h("span", { class: "mr-edtext" }, bdi(comment.text)),
        h("button", {
          type: "button",
          class: "mr-btn mr-edsmall",
          "data-testid": `mr-comment-edit-${comment.index}`,
          "aria-label": say("editor.edit_label", { n }),
          title: say("editor.edit_title"),
          text: "✎",
          onclick: () => edEdit(view, nodeId, comment)
        }),
        h("button", {
          type: "button",
          class: "mr-btn mr-edsmall",
          "data-testid": `mr-comment-delete-${comment.index}`,
          "aria-label": say("editor.delete_label", { n }),
          title: say("editor.delete_title"),
          text: "✕",
          onclick: () => send(view, { do: "uncomment", at: nodeId, index: comment.index })
        })
      );
    })
  );
  p.list.hidden = !own.length;
  const isEditing = Boolean(st.editing && st.editing.node === nodeId);
  p.add.textContent = say(isEditing ? "editor.update" : "editor.add");
  p.cancel.hidden = !isEditing;
  edTyped(view, true);
  p.cardPart.hidden = nodeId === 0 || !step.card;
  if (p.cardPart.hidden) return;
  for (const btn of p.glyphButtons) {
    btn.setAttribute("aria-pressed", btn.dataset.glyph === notes.glyph ? "true" : "false");
  }
  const nags = notes.nags || [];
  p.nags.replaceChildren(
    ...nags.map(
      (nag) => h(
        "li",
        { class: "mr-ednagitem", "data-nag": String(nag.nag) },
        h("span", { class: "mr-badge", text: `$${nag.nag}` }),
        " ",
        h("span", { class: "mr-edtext", text: nag.text || edNagName(payload, nag.nag) }),
        h("button", {
          type: "button",
          class: "mr-btn mr-edsmall",
          "data-testid": `mr-nag-remove-${nag.nag}`,
          "aria-label": say("editor.remove_nag_label", { nag: nag.text || "$" + nag.nag }),
          title: say("editor.remove_nag_title"),
          text: "✕",
          onclick: () => send(view, { do: "nag", at: nodeId, nag: Number(nag.nag), on: false })
        })
      )
    )
  );
  p.nags.hidden = !nags.length;
  edFillNags(view, nags);
}
function edCardNumber(view, nodeId) {
  const all = (view.payload || {}).steps || [];
  let count = 0;
  for (let k = nodeId; all[k] && typeof all[k].parent === "number" && count <= all.length; k = all[k].parent) count += 1;
  return count || nodeId;
}
function edNagName(payload, nag) {
  const names = payload.nag_names || {};
  return names[String(nag)] || `$${nag}`;
}
function edFillNags(view, nags) {
  const p = view.mrEditor.parts;
  const payload = view.payload || {};
  const on = new Set(nags.map((n) => String(n.nag)));
  const names = Object.entries(payload.nag_names || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
  const key = JSON.stringify([names, [...on]]);
  if (view.mrEditor.nagsFor === key) return;
  view.mrEditor.nagsFor = key;
  p.nag.replaceChildren(
    h("option", { value: "", text: say(names.length ? "editor.add_nag" : "editor.no_nags") }),
    ...names.map(([nag, name]) => h("option", { value: nag, disabled: on.has(nag), title: `$${nag}`, text: name }))
  );
  p.nag.value = "";
  p.nag.disabled = !names.length;
}
function edTyped(view, drawing) {
  const st = view.mrEditor;
  const p = st.parts;
  const node = st.boxNode;
  const text = p.box.value;
  if (!drawing && node !== null) {
    if (text) st.drafts.set(node, text);
    else st.drafts.delete(node);
  }
  const editing = st.editing && st.editing.node === node;
  p.add.disabled = !editing && !text.trim();
}
function edSubmit(view) {
  const st = edState(view);
  const p = st.parts;
  const node = currentNode(view);
  if (st.boxNode !== node) return;
  const text = p.box.value;
  const editing = st.editing && st.editing.node === node ? st.editing : null;
  if (!editing && !text.trim()) return;
  st.sent = { payload: view.payload, node };
  send(view, { do: "comment", at: node, text, index: editing ? editing.index : null });
}
function edEdit(view, node, comment) {
  const st = edState(view);
  st.editing = { node, index: comment.index, text: comment.text };
  st.drafts.set(node, comment.text);
  st.boxNode = null;
  drawEditor(view, node);
  st.parts.box.focus();
  st.parts.box.setSelectionRange(st.parts.box.value.length, st.parts.box.value.length);
}
function edCancel(view) {
  const st = edState(view);
  const node = currentNode(view);
  st.editing = null;
  st.drafts.delete(node);
  st.boxNode = null;
  drawEditor(view, node);
}
function edGlyph(view, glyph) {
  const node = currentNode(view);
  const step = ((view.payload || {}).steps || [])[node];
  const set = step && step.notes ? step.notes.glyph : null;
  send(view, { do: "glyph", at: node, glyph: set === glyph ? null : glyph });
}
function edAddNag(view) {
  const p = view.mrEditor.parts;
  const value = p.nag.value;
  p.nag.value = "";
  if (!value) return;
  send(view, { do: "nag", at: currentNode(view), nag: Number(value), on: true });
}
function edDrawSave(view) {
  const p = edParts(view);
  const file = edFile(view);
  const board = isBoard(view);
  const dirty = board && Boolean(view.model.get("dirty"));
  p.save.hidden = !board || !file;
  if (file) {
    p.save.setAttribute("aria-label", say("editor.save_label", { file }));
    p.save.title = say("editor.save_title", { file });
  }
  p.save.classList.toggle("mr-save-due", dirty);
  p.dirty.hidden = !dirty;
  edShowBar(view);
}
function edShowBar(view) {
  const p = view.mrEditor.parts;
  p.bar.hidden = p.save.hidden && p.dirty.hidden && p.notice.hidden;
}
function edCopyName(file) {
  if (!file) return "copy.pmn";
  const match = /^(.*?)(\.pmn)$/i.exec(file);
  return match ? `${match[1]}-copy${match[2]}` : `${file}-copy.pmn`;
}
function showNotice(view, kind, text, actions) {
  const st = edState(view);
  edParts(view);
  st.localCount += 1;
  st.notice = {
    id: `local-${st.localCount}`,
    kind: kind || "info",
    text: String(text || ""),
    actions: Array.isArray(actions) ? actions : [],
    source: "local",
    node: currentNode(view)
  };
  st.copying = false;
  drawNotice(view);
}
function edModelNotice(view) {
  const value = view.model.get("notice");
  return value && typeof value === "object" ? value : {};
}
function drawNotice(view) {
  const st = edState(view);
  const p = edParts(view);
  edPlaceBar(view);
  const model = edModelNotice(view);
  const modelId = model.id === void 0 ? null : model.id;
  if (modelId !== st.modelId) {
    st.modelId = modelId;
    if (model.text) {
      st.notice = {
        id: `model-${modelId}`,
        kind: model.kind || "info",
        text: String(model.text),
        actions: model.actions || [],
        source: "model",
        node: currentNode(view)
      };
      st.copying = false;
      if (st.sent && (model.kind === "error" || model.kind === "conflict")) st.sent = null;
    } else if (st.notice && st.notice.source === "model") st.notice = null;
  } else if (!model.text && st.notice && st.notice.source === "model") st.notice = null;
  let notice = st.notice;
  const passing = notice && (notice.source === "local" || notice.kind === "error" || notice.kind === "info");
  if (passing && notice.node !== currentNode(view)) notice = st.notice = null;
  const dirty = isBoard(view) && Boolean(view.model.get("dirty"));
  if (notice && notice.kind === "saved" && dirty && !st.wasDirty) notice = st.notice = null;
  st.wasDirty = dirty;
  const key = notice ? `${notice.id}|${st.copying}` : null;
  if (key !== st.noticeKey) {
    st.noticeKey = key;
    edRenderNotice(view, notice);
  }
  p.notice.hidden = !notice;
  edDrawSave(view);
}
function edRenderNotice(view, notice) {
  const st = view.mrEditor;
  const box = st.parts.notice;
  if (!notice) {
    box.replaceChildren();
    box.removeAttribute("role");
    box.dataset.kind = "";
    box.dataset.source = "";
    return;
  }
  const urgent = notice.kind === "error" || notice.kind === "conflict";
  box.setAttribute("role", urgent ? "alert" : "status");
  box.setAttribute("aria-live", urgent ? "assertive" : "polite");
  box.dataset.kind = notice.kind;
  box.dataset.source = notice.source;
  box.className = `mr-notice mr-notice-${notice.kind}`;
  const sign = { error: "⚠", conflict: "⚠", saved: "✔", info: "ℹ" }[notice.kind] || "ℹ";
  const kids = [
    h("span", { class: "mr-noticesign", "aria-hidden": "true", text: sign }),
    h("span", { class: "mr-noticetext", "data-testid": "mr-notice-text" }, sentence(notice.text)),
    h("button", {
      type: "button",
      class: "mr-btn mr-edsmall mr-noticeclose",
      "data-testid": "mr-notice-close",
      "aria-label": say("editor.dismiss_label"),
      title: say("editor.dismiss"),
      text: "✕",
      onclick: () => {
        st.notice = null;
        st.copying = false;
        drawNotice(view);
      }
    })
  ];
  const actions = new Set(notice.actions || []);
  const row = [];
  if (actions.has("reload")) {
    row.push(
      h("button", {
        type: "button",
        class: "mr-btn",
        "data-testid": "mr-reload",
        text: say("editor.reload"),
        onclick: () => send(view, { do: "reload" })
      })
    );
  }
  if (actions.has("save_as") && !st.copying) {
    row.push(
      h("button", {
        type: "button",
        class: "mr-btn",
        "data-testid": "mr-save-as",
        text: say("editor.copy"),
        onclick: () => {
          st.copying = true;
          st.copyPath = edCopyName(edFile(view));
          drawNotice(view);
          const input = box.querySelector("[data-testid=mr-save-as-path]");
          if (input) {
            input.focus();
            input.select();
          }
        }
      })
    );
  }
  if (actions.has("save_as") && st.copying) {
    const go2 = () => {
      const path = input.value.trim();
      if (path) send(view, { do: "save_as", path });
    };
    const input = h("input", {
      type: "text",
      class: "mr-edpath",
      "data-testid": "mr-save-as-path",
      "aria-label": "file to copy the deal to",
      value: st.copyPath,
      spellcheck: "false",
      oninput: () => {
        st.copyPath = input.value;
      },
      onkeydown: (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          go2();
        } else if (event.key === "Escape") {
          st.copying = false;
          drawNotice(view);
        }
      }
    });
    row.push(
      h(
        "span",
        { class: "mr-edcopy" },
        h("label", { class: "mr-edlabel" }, ...sayParts("editor.copy_to", { file: input })),
        h("button", { type: "button", class: "mr-btn", "data-testid": "mr-save-as-go", text: say("editor.copy_go"), onclick: go2 }),
        h("button", {
          type: "button",
          class: "mr-btn",
          "data-testid": "mr-save-as-cancel",
          text: say("editor.cancel"),
          onclick: () => {
            st.copying = false;
            drawNotice(view);
          }
        })
      )
    );
  }
  if (row.length) kids.push(h("div", { class: "mr-noticeactions" }, row));
  box.replaceChildren(...kids);
}

// mendikot_replay/views/static/form.js
function formChoices(question, keys) {
  return Object.fromEntries(keys.map((key) => [key, say(`form.${question}.${key}`)]));
}
var FORM_METHODS = ["Drawn", "FaceUp", "Closed", "Cut", "None"];
var FORM_REVEALS = ["A", "B"];
var FORM_CAPTURES = ["Trick", "Dehla"];
var FORM_SCORINGS = ["plain", "bonus", "graded", "tens"];
function formDateValue(pmn) {
  const match = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(pmn || "");
  return match ? `${match[1]}-${match[2]}-${match[3]}` : "";
}
function formPmnDate(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value || "");
  return match ? `${match[1]}.${match[2]}.${match[3]}` : value || "";
}
function formFlags(fields, form) {
  return form.flags.filter(
    (flag) => Object.entries(form.flagNeeds[flag] || {}).every(([field, value]) => fields[field] === value)
  );
}
function formAnswers(fields, form) {
  const players = fields.players;
  const offered = formFlags(fields, form);
  const out = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith("name ") && !(form.seats[players] || []).includes(key.slice(5))) continue;
    if (key === "deck" && (form.decks[players] || []).length < 2) continue;
    if (key === "reveal" && fields.method !== "Closed") continue;
    out[key] = key === "variant" ? (value || "").split(",").filter((f) => offered.includes(f)).join(",") : value;
  }
  return out;
}
function formField(label, control, extra) {
  return h("label", { class: `mr-form-field${extra ? " " + extra : ""}` }, h("span", { class: "mr-form-label", text: label }), control);
}
function formSelect(testid, options, value, onchange) {
  return h(
    "select",
    { "data-testid": testid, onchange },
    ...Object.entries(options).map(([key, words2]) => h("option", { value: key, text: words2, selected: key === value }))
  );
}
function buildForm(view) {
  const root = view.root;
  const form = view.payload.form;
  const fields = { ...form.answers };
  if (!fields.reveal) fields.reveal = form.reveals[0];
  view.parts = {};
  root.classList.remove("mr-entering", "mr-recording", "mr-present");
  root.classList.add("mr-setting-up");
  root.setAttribute("aria-label", say("form.label"));
  root.dataset.step = "0";
  root.dataset.node = "0";
  const body = h("form", { class: "mr-form", "data-testid": "mr-form", "aria-label": say("form.title") });
  const notice = h("p", { class: "mr-form-notice", "data-testid": "mr-form-notice", role: "alert", hidden: true });
  const text = (key, testid, type = "text", placeholder = null) => h("input", {
    type,
    "data-testid": testid,
    placeholder,
    value: type === "date" ? formDateValue(fields[key]) : fields[key] || "",
    autocomplete: "off",
    oninput: (event) => {
      fields[key] = type === "date" ? formPmnDate(event.target.value) : event.target.value;
    }
  });
  const draw = () => {
    const players = fields.players;
    const seats = form.seats[players] || [];
    const decks = form.decks[players] || [];
    if (!decks.includes(fields.deck)) fields.deck = decks[0];
    if (fields.dealer && !seats.includes(fields.dealer)) fields.dealer = "";
    const pick = (key, options) => (event) => {
      fields[key] = event.target.value;
      if (options) draw();
    };
    const names = seats.map(
      (seat) => formField(
        seat,
        h("input", {
          type: "text",
          "data-testid": `mr-form-name-${seat}`,
          "aria-label": say("form.name", { seat }),
          placeholder: say("form.name", { seat }),
          value: fields[`name ${seat}`] || "",
          autocomplete: "off",
          oninput: (event) => {
            fields[`name ${seat}`] = event.target.value;
          }
        }),
        "mr-form-name"
      )
    );
    const flags = formFlags(fields, form).map(
      (flag) => h(
        "label",
        { class: "mr-form-flag" },
        h("input", {
          type: "checkbox",
          "data-testid": `mr-form-flag-${flag}`,
          checked: (fields.variant || "").split(",").includes(flag),
          onchange: (event) => {
            const on = new Set((fields.variant || "").split(",").filter(Boolean));
            if (event.target.checked) on.add(flag);
            else on.delete(flag);
            fields.variant = form.flags.filter((f) => on.has(f)).join(",");
            draw();
          }
        }),
        h("span", { class: "mr-form-flag-name" }, flag),
        h("span", { class: "mr-form-flag-text" }, (form.flagText || {})[flag] || "")
      )
    );
    const dealers = { ...fields.dealer ? {} : { "": say("form.who_deals") }, ...Object.fromEntries(seats.map((s) => [s, s])) };
    const chosen = (fields.variant || "").split(",").filter((flag) => formFlags(fields, form).includes(flag));
    const rows = [
      // who plays first: the names are what a table knows before anything else
      h(
        "fieldset",
        { class: "mr-form-names" },
        h("legend", { text: say("form.players_legend") }),
        h(
          "div",
          { class: "mr-form-row" },
          formField(say("form.players"), formSelect("mr-form-players", Object.fromEntries(form.players.map((n) => [n, n])), players, pick("players", true))),
          decks.length > 1 ? formField(say("form.deck"), formSelect("mr-form-deck", Object.fromEntries(decks.map((d) => [d, say("form.cards", { count: d })])), fields.deck, pick("deck"))) : null
        ),
        names
      ),
      h(
        "div",
        { class: "mr-form-row" },
        formField(say("form.dealer"), formSelect("mr-form-dealer", dealers, fields.dealer, pick("dealer", true))),
        formField(say("form.trump"), formSelect("mr-form-method", formChoices("method", FORM_METHODS), fields.method, pick("method", true)))
      ),
      fields.method === "Closed" ? h("div", { class: "mr-form-row" }, formField(say("form.closed"), formSelect("mr-form-reveal", formChoices("reveal", FORM_REVEALS), fields.reveal, pick("reveal", true)))) : null,
      h(
        "div",
        { class: "mr-form-row" },
        formField(say("form.event"), text("event", "mr-form-event", "text", say("form.event_example"))),
        formField(say("form.place"), text("site", "mr-form-site")),
        formField(say("form.date"), text("date", "mr-form-date", formDateValue(fields.date) || !fields.date ? "date" : "text"), "mr-form-date")
      ),
      fields.match ? h(
        "div",
        { class: "mr-form-row" },
        formField(
          say("form.scoring", { match: fields.match }),
          formSelect(
            "mr-form-scoring",
            Object.fromEntries((form.scorings || FORM_SCORINGS).map((s) => [s, FORM_SCORINGS.includes(s) ? say(`form.scoring.${s}`) : s])),
            fields.scoring || "plain",
            pick("scoring")
          )
        )
      ) : null,
      // the rules most tables never change, folded: how tricks are taken, and the house rules
      h(
        "details",
        { class: "mr-form-house", "data-testid": "mr-form-house", open: view.formHouseOpen || null, ontoggle: (event) => view.formHouseOpen = event.target.open },
        h("summary", {
          text: chosen.length ? say("form.house_chosen", { rules: chosen.join(", ") }) : say(fields.capture === "Dehla" ? "form.house_dehla" : "form.house_none")
        }),
        h("div", { class: "mr-form-row" }, formField(say("form.capture"), formSelect("mr-form-capture", formChoices("capture", FORM_CAPTURES), fields.capture, pick("capture", true)))),
        h("div", { class: "mr-form-field mr-form-flags", role: "group", "aria-label": say("form.house_label") }, flags)
      ),
      notice,
      h("button", { type: "submit", class: "mr-btn mr-form-start", "data-testid": "mr-form-start", text: say("form.start") })
    ];
    fill2(body, ...rows);
  };
  body.addEventListener("submit", (event) => {
    event.preventDefault();
    notice.hidden = true;
    if (!fields.dealer) {
      notice.textContent = say("form.dealer_missing");
      notice.hidden = false;
      body.querySelector("[data-testid=mr-form-dealer]").focus();
      return;
    }
    if (!send(view, { do: "start", answers: formAnswers(fields, form) })) {
      notice.textContent = say("form.needs_notebook");
      notice.hidden = false;
    }
  });
  const said = view.model.get("notice") || {};
  const heard = () => {
    if (!body.isConnected) {
      view.model.off("change:notice", heard);
      return;
    }
    const now = view.model.get("notice") || {};
    if (now.id !== said.id && now.kind === "error" && now.text) {
      notice.textContent = now.text;
      notice.hidden = false;
    }
  };
  view.model.on("change:notice", heard);
  draw();
  const file = form.file ? h("div", { class: "mr-subtitle", text: say("form.file", { file: form.file }) }) : null;
  root.replaceChildren(
    h("div", { class: "mr-head" }, h("div", { class: "mr-title", role: "heading", "aria-level": "3", text: say("form.heading") }), file),
    body
  );
}

// mendikot_replay/views/static/entry.js
var REC_RANKS = "AKQJT98765432";
var REC_METHODS = ["Drawn", "FaceUp", "Closed", "Cut", "None"];
function recOrder(card) {
  return SUIT_ORDER.indexOf(card[1]) * 16 + REC_RANKS.indexOf(card[0]);
}
function recSorted(cards) {
  return [...cards].sort((a, b) => recOrder(a) - recOrder(b));
}
function recState(view) {
  if (!view.recEntry) {
    view.recEntry = { parts: null, paste: null, payload: null, notice: null, seen: void 0, from: null };
    recListen(view);
  }
  return view.recEntry;
}
function recListen(view) {
  const st = view.recEntry;
  const seen = view.model.get("notice") || {};
  st.seen = seen.id;
  const heard = () => {
    if (view.root && !view.root.isConnected && st.parts) {
      view.model.off("change:notice", heard);
      return;
    }
    const notice = view.model.get("notice") || {};
    if (notice.id === st.seen) return;
    st.seen = notice.id;
    st.notice = notice.text ? { kind: notice.kind || "info", text: String(notice.text), from: st.from, model: true } : null;
    if (view.payload && view.payload.entry && st.parts) recDrawNotice(view);
  };
  view.model.on("change:notice", heard);
}
function recSend(view, from, content) {
  recState(view).from = from;
  return send(view, content);
}
function recSay(view, kind, text, from) {
  const st = recState(view);
  st.notice = { kind, text, from: from || st.from };
  recDrawNotice(view);
}
function recDrawNotice(view) {
  const st = recState(view);
  const p = st.parts;
  const box = p.notice;
  const entry = view.payload && view.payload.entry || {};
  const said = st.notice && st.notice.model && st.notice.kind === "info" && entry.complete && entry.needs;
  const notice = said ? null : st.notice;
  const places = { pack: [p.packBox, p.packTitle], seats: [p.seats, null], trump: [p.trump, null], paste: [p.paste, null] };
  const [home, after] = notice && places[notice.from] || [p.statusBox, null];
  const [where, behind] = home.hidden ? [p.statusBox, null] : [home, after];
  if (behind) {
    if (box.previousSibling !== behind) behind.after(box);
  } else if (where === p.seats) {
    if (where.firstChild !== box) where.prepend(box);
  } else if (box.parentNode !== where || box.nextSibling) where.append(box);
  box.hidden = !notice;
  if (!notice) {
    fill2(box);
    box.removeAttribute("role");
    box.removeAttribute("aria-live");
    box.dataset.kind = "";
    return;
  }
  const urgent = notice.kind === "error";
  box.setAttribute("role", urgent ? "alert" : "status");
  box.setAttribute("aria-live", urgent ? "assertive" : "polite");
  box.dataset.kind = notice.kind;
  box.className = `rec-notice rec-notice-${notice.kind}`;
  fill2(
    box,
    h("span", { class: "rec-noticesign", "aria-hidden": "true", text: urgent ? "⚠" : "ℹ" }),
    h("span", { class: "rec-noticetext", "data-testid": "mr-entry-notice-text" }, sentence(notice.text)),
    h("button", {
      type: "button",
      class: "mr-btn rec-noticeclose",
      "data-testid": "mr-entry-notice-close",
      "aria-label": say("editor.dismiss_label"),
      text: "✕",
      onclick: () => {
        st.notice = null;
        recDrawNotice(view);
      }
    })
  );
  if (urgent && box.isConnected) box.scrollIntoView({ block: "nearest" });
}
function recKeepKeys(el) {
  const stop = (event) => {
    if (event.target && event.target.matches && event.target.matches("input, textarea")) event.stopPropagation();
  };
  for (const type of ["keydown", "keyup", "keypress"]) el.addEventListener(type, stop);
}
function recParts(view) {
  const st = recState(view);
  if (st.parts && st.parts.body.parentNode === view.root) return st.parts;
  const p = {};
  p.head = h("div", { class: "mr-head" });
  p.status = h("div", { class: "rec-status", "data-testid": "mr-entry-status", role: "status", "aria-live": "polite" });
  p.left = h("div", { class: "rec-left", "data-testid": "mr-entry-left" });
  p.needs = h("div", { class: "rec-needs", "data-testid": "mr-entry-needs", hidden: true });
  p.notice = h("div", { class: "rec-notice", "data-testid": "mr-entry-notice", hidden: true });
  p.statusBox = h("div", { class: "rec-statusbox" }, p.status, p.left, p.needs, p.notice);
  p.trump = h("section", { class: "mr-box rec-trump", "data-testid": "mr-entry-trump", "aria-label": say("rec.trump_label") });
  p.packTitle = h("div", { class: "mr-boxtitle rec-packtitle" });
  p.pack = h("div", { class: "rec-pack", "data-testid": "mr-pack", role: "group" });
  p.packBox = h("section", { class: "mr-box rec-packbox" }, p.packTitle, p.pack);
  p.seats = h("div", { class: "rec-seats", role: "group", "aria-label": say("rec.seats_label") });
  p.pasteInput = h("input", {
    type: "text",
    class: "rec-pasteinput",
    "data-testid": "mr-paste",
    "aria-label": say("rec.paste_label"),
    placeholder: "A:AK6.QJ2.T98.765 B:…",
    spellcheck: "false",
    autocomplete: "off",
    autocapitalize: "characters",
    onkeydown: (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        recPaste(view);
      }
    }
  });
  p.pasteGo = h("button", { type: "button", class: "mr-btn rec-pastego", "data-testid": "mr-paste-go", text: say("rec.paste_go"), onclick: () => recPaste(view) });
  p.paste = h(
    "section",
    { class: "mr-box rec-paste" },
    h("label", { class: "rec-pastelabel" }, h("span", { class: "mr-boxtitle", text: say("rec.paste_title") }), p.pasteInput),
    h("div", { class: "rec-pasterow" }, p.pasteGo, h("span", { class: "mr-dim", text: say("rec.paste_hint") }))
  );
  recKeepKeys(p.paste);
  p.body = h("div", { class: "rec-body", "data-testid": "mr-entry" }, p.trump, p.packBox, p.seats, p.paste);
  fill2(view.root, p.head, p.statusBox, p.body);
  st.parts = p;
  return p;
}
function buildEntry(view) {
  const st = recState(view);
  const payload = view.payload;
  const entry = payload.entry;
  const root = view.root;
  const focus = recFocusKey(view);
  const fresh = !st.parts || st.parts.body.parentNode !== root;
  view.parts = {};
  const p = recParts(view);
  root.classList.add("mr-entering");
  root.classList.toggle("mr-board", isBoard(view));
  root.classList.remove("mr-recording");
  root.setAttribute("aria-label", say("rec.label", { title: payload.title || say("form.title") }));
  root.dataset.step = "0";
  root.dataset.node = "0";
  const changed = st.payload !== null && st.payload !== payload;
  if (changed && st.notice && st.notice.kind === "error") st.notice = null;
  if (changed && st.paste) {
    const notice = view.model.get("notice") || {};
    const refused = notice.id !== st.paste.noticeId && notice.kind === "error";
    if (!refused && p.pasteInput.value === st.paste.text) p.pasteInput.value = "";
    st.paste = null;
  }
  st.payload = payload;
  fill2(
    p.head,
    h("div", { class: "mr-title", role: "heading", "aria-level": "3" }, bdi(payload.title || say("form.heading"))),
    payload.subtitle ? h("div", { class: "mr-subtitle" }, sentence(payload.subtitle)) : null,
    h("div", { class: "mr-rules", text: rulesLine(payload) })
  );
  recDrawStatus(view, entry);
  recDrawTrump(view, entry);
  recDrawPack(view, entry);
  recDrawSeats(view, entry);
  p.pasteGo.disabled = !isBoard(view);
  recDrawNotice(view);
  recRestoreFocus(view, focus, fresh);
}
function recDrawStatus(view, entry) {
  const p = recState(view).parts;
  const payload = view.payload;
  const size = entry.hand_size;
  const left = (entry.pack || []).length;
  if (!entry.complete) {
    const seat = entry.selected;
    const count = (entry.hands[seat] || []).length;
    fill2(
      p.status,
      ...sayParts("rec.cards_go", { who: who(payload, seat), count, size }),
      count >= size ? h("span", { class: "rec-fullnote", text: ` ${say("rec.full")}` }) : null
    );
    fill2(
      p.left,
      sayCount("rec.left", left),
      h("span", { class: "rec-hint", text: " · " }),
      h("span", { class: "mr-dim rec-hint", text: say("rec.tap_hint") })
    );
  } else {
    fill2(p.status, say(entry.needs ? "rec.dealt_missing" : "rec.dealt"));
    fill2(p.left, h("span", { class: "mr-dim", text: sayCount("rec.left", 0) }));
  }
  const missing = recMissing(view, entry);
  const words2 = missing.length ? missing.join("; ") : entry.needs || "";
  p.needs.hidden = !words2;
  p.needs.title = entry.needs || "";
  fill2(p.needs, h("strong", { text: say(entry.complete ? "rec.still_missing" : "rec.still_to_do") }), " ", say("rec.needs", { words: words2 }));
}
function recMissing(view, entry) {
  const method = view.payload.trump_method;
  if ((method === "Drawn" || method === "FaceUp") && !entry.trump) return [say("rec.choose_suit")];
  if (method === "Closed" && !entry.trump_card) {
    return [say("rec.choose_card", { who: whoText(view.payload, entry.closed_holder) })];
  }
  return [];
}
function recDrawTrump(view, entry) {
  const p = recState(view).parts;
  const payload = view.payload;
  const method = payload.trump_method;
  const board = isBoard(view);
  const how = REC_METHODS.includes(method) ? say(`rec.method.${method}`) : method;
  const kids = [h("div", { class: "mr-boxtitle", text: say("rec.trump_title", { how }) })];
  if (method === "Drawn" || method === "FaceUp") {
    const chosen = entry.trump;
    const shown = entry.trump_card && entry.trump_card.length === 2 ? entry.trump_card : null;
    kids.push(
      h(
        "div",
        { class: "rec-suits", role: "group", "aria-label": say("rec.choose_suit") },
        SUIT_ORDER.map(
          (suit) => h(
            "button",
            {
              type: "button",
              class: `mr-btn rec-suitbtn mr-suit-${suit}${chosen === suit ? " mr-on" : ""}`,
              "data-testid": `mr-trump-${suit}`,
              "data-rec-key": `trump:${suit}`,
              "aria-pressed": chosen === suit ? "true" : "false",
              disabled: !board,
              title: say("rec.suit_trumps", { suit: suitWord(suit) }),
              onclick: () => recSend(view, "trump", { do: "trump", suit })
            },
            h("span", { class: "rec-suitsign", "aria-hidden": "true", text: SUIT_SIGN[suit] }),
            ` ${suitWord(suit)}`
          )
        )
      ),
      h("div", {
        class: chosen ? "rec-trumpsays" : "rec-trumpsays mr-dim",
        text: chosen ? shown ? say(method === "FaceUp" ? "rec.trump_face_up" : "rec.trump_drawn", { suit: suitWord(chosen), card: cardText(shown) }) : say("rec.trump_suit", { suit: suitWord(chosen) }) : say(method === "FaceUp" ? "rec.which_face_up" : "rec.which_drawn")
      })
    );
  } else if (method === "Closed") {
    const holder = entry.closed_holder;
    const hand = recSorted(entry.hands[holder] || []);
    const chosen = entry.trump_card && entry.trump_card.includes(":") ? entry.trump_card.split(":")[1] : null;
    const lays = payload.reveal ? "rec.lays_version" : "rec.lays";
    kids.push(h("div", { class: "rec-trumpsays" }, ...sayParts(lays, { who: who(payload, holder), version: payload.reveal })));
    if (!hand.length) {
      kids.push(h("div", { class: "mr-dim", text: say("rec.deal_first", { who: whoText(payload, holder) }) }));
    } else {
      kids.push(
        h(
          "div",
          { class: "rec-closed", role: "group", "aria-label": say("rec.closed_label", { who: whoText(payload, holder) }) },
          hand.map(
            (card) => h(
              "button",
              {
                type: "button",
                class: `mr-card mr-suit-${card[1]} rec-cardbtn${chosen === card ? " mr-on" : ""}`,
                "data-testid": `mr-closed-${card}`,
                "data-rec-key": `closed:${card}`,
                "data-trump-card": card,
                "aria-pressed": chosen === card ? "true" : "false",
                "aria-label": say("rec.closed_card", { card: cardName(card) }),
                disabled: !board,
                onclick: () => recSend(view, "trump", { do: "trump", card })
              },
              recFace(card)
            )
          )
        )
      );
      kids.push(h("div", { class: chosen ? "rec-trumpsays" : "mr-dim", text: chosen ? say("rec.face_down", { card: cardText(chosen) }) : say("rec.nothing_chosen") }));
    }
  } else if (method === "Cut") {
    kids.push(h("div", { class: "mr-dim", text: say("rec.cut") }));
  } else {
    kids.push(h("div", { class: "mr-dim", text: say("board.trump.none") }));
  }
  p.trump.dataset.method = method || "";
  fill2(p.trump, ...kids);
}
function recFace(card) {
  return [
    h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(card) }),
    h("span", { class: "mr-sign", "aria-hidden": "true", text: SUIT_SIGN[card[1]] })
  ];
}
function recDrawPack(view, entry) {
  const p = recState(view).parts;
  const payload = view.payload;
  const board = isBoard(view);
  const deck = packPlaces(entry.pack, entry.hands, recOrder);
  const to = entry.complete ? null : entry.selected;
  const rows = SUIT_ORDER.map((suit) => {
    const cards = deck.filter(([c]) => c[1] === suit);
    if (!cards.length) return null;
    const keys = /* @__PURE__ */ new Map();
    const places = cards.map(([card, seat]) => {
      if (seat !== null) {
        return h(
          "span",
          { class: `rec-slot mr-suit-${suit}`, "aria-hidden": "true", title: say("rec.dealt_to", { card: cardText(card), who: whoText(payload, seat) }) },
          h("span", { class: "rec-slotrank", text: rankText(card) }),
          h("span", { class: "rec-slotseat", text: `→${seat}` })
        );
      }
      return h(
        "button",
        {
          type: "button",
          class: `mr-card mr-suit-${suit} rec-cardbtn rec-packcard`,
          "data-card": card,
          "data-rec-key": keys.has(card) ? `pack:${card}:2` : (keys.set(card, 1), `pack:${card}`),
          "aria-label": to ? say("rec.deal_label", { card: cardName(card), who: whoText(payload, to) }) : cardName(card),
          title: to ? say("rec.deal_title", { card: cardText(card), who: whoText(payload, to) }) : null,
          disabled: !board,
          onclick: () => recSend(view, "pack", { do: "give", card })
        },
        recFace(card)
      );
    });
    const row = h(
      "div",
      { class: `rec-packrow mr-suit-${suit}`, role: "group", "aria-label": suitWord(suit), "data-suit": suit },
      h("span", { class: "rec-rowsign", "aria-hidden": "true", text: SUIT_SIGN[suit] }),
      h("div", { class: "rec-packcards" }, places)
    );
    row.style.setProperty("--rec-n", String(packColumns(cards.length, 13)));
    row.style.setProperty("--rec-half", String(packColumns(cards.length, 7)));
    return row;
  });
  const left = (entry.pack || []).length;
  p.packTitle.textContent = to ? sayCount("rec.pack_to", left, { seat: to }) : sayCount("rec.pack", left);
  p.pack.setAttribute("aria-label", to ? sayCount("rec.pack_label", left, { who: whoText(payload, to) }) : say("rec.pack_plain"));
  p.pack.dataset.left = String(left);
  fill2(p.pack, ...rows.filter(Boolean));
  p.packBox.hidden = entry.complete && !left;
}
function recDrawSeats(view, entry) {
  const p = recState(view).parts;
  const payload = view.payload;
  const board = isBoard(view);
  const size = entry.hand_size;
  const panels = payload.seats.map((seat) => {
    const hand = recSorted(entry.hands[seat] || []);
    const selected = !entry.complete && entry.selected === seat;
    const team = payload.teams[seat];
    const badges = [];
    if (payload.dealer === seat) badges.push(h("span", { class: "mr-badge", text: say("board.seat.dealer") }));
    if (entry.first_leader === seat) badges.push(h("span", { class: "mr-badge", text: say("rec.leads") }));
    if (entry.closed_holder === seat) badges.push(h("span", { class: "mr-badge", text: say("rec.lays_trump") }));
    const full = hand.length === size;
    const pick = h(
      "button",
      {
        type: "button",
        class: "rec-seatpick",
        "data-testid": `mr-select-${seat}`,
        "data-rec-key": `seat:${seat}`,
        "aria-pressed": selected ? "true" : "false",
        "aria-label": say(selected ? "rec.seat_selected" : "rec.seat_select", { who: whoText(payload, seat), count: hand.length, size }),
        disabled: !board || entry.complete,
        onclick: () => recSend(view, "seats", { do: "select", seat })
      },
      h("span", { class: "mr-seatletter", text: seat }),
      payload.names[seat] ? bdi(payload.names[seat], { class: "mr-seatname" }) : null,
      h("span", { class: `rec-count${full ? " rec-full" : ""}`, text: `${hand.length}/${size}` })
    );
    const head = h(
      "div",
      { class: "rec-seathead" },
      pick,
      h("span", { class: `mr-teamtag mr-team-${team}`, text: payload.team_labels[team] }),
      ...badges,
      selected ? h("span", { class: "mr-badge mr-badge-turn", text: say("rec.cards_here") }) : null
    );
    const cards = hand.map(
      (card, i) => h(
        "button",
        {
          type: "button",
          class: `mr-card mr-suit-${card[1]} rec-cardbtn rec-dealt${i && hand[i - 1][1] !== card[1] ? " rec-newsuit" : ""}`,
          "data-card": card,
          "data-rec-key": `hand:${card}`,
          "aria-label": say("rec.give_back_label", { card: cardName(card), seat }),
          title: say("rec.give_back", { card: cardText(card) }),
          disabled: !board,
          onclick: () => recSend(view, "seats", { do: "take", card })
        },
        recFace(card)
      )
    );
    const panel = h(
      "section",
      {
        class: `rec-seat mr-team-${team}${selected ? " rec-selected" : ""}`,
        "data-testid": `mr-entry-seat-${seat}`,
        "data-seat": seat,
        "data-count": String(hand.length),
        "data-selected": selected ? "true" : "false",
        "aria-label": say(selected ? "rec.hand_selected" : "rec.hand", { who: whoText(payload, seat), team: payload.team_labels[team], count: hand.length, size }),
        onclick: (event) => {
          if (event.target.closest("button") || entry.complete || !board) return;
          recSend(view, "seats", { do: "select", seat });
        }
      },
      head,
      h("div", { class: "rec-hand" }, cards.length ? cards : h("span", { class: "mr-dim rec-empty", text: say("rec.no_card") }))
    );
    return panel;
  });
  p.seats.dataset.players = String(payload.players);
  fill2(p.seats, ...panels);
}
function recPaste(view) {
  const st = recState(view);
  const text = st.parts.pasteInput.value.trim();
  if (!text) {
    recSay(view, "info", say("rec.paste_first"), "paste");
    return;
  }
  const notice = view.model.get("notice") || {};
  st.paste = { text: st.parts.pasteInput.value, noticeId: notice.id };
  recSend(view, "paste", { do: "paste", text });
}
function recFocusKey(view) {
  const active = document.activeElement;
  if (!active || !view.root.contains(active)) return null;
  if (active === recState(view).parts?.pasteInput) return "paste";
  return active.dataset ? active.dataset.recKey || null : null;
}
function recRestoreFocus(view, key, fresh) {
  if (!key || fresh) return;
  const p = recState(view).parts;
  if (key === "paste") return;
  let target = view.root.querySelector(`[data-rec-key="${key}"]`);
  if (!target && key.startsWith("pack:")) {
    const card = key.slice(5);
    const buttons = [...p.pack.querySelectorAll("button[data-card]")];
    target = buttons.find((b) => recOrder(b.dataset.card) > recOrder(card)) || buttons[buttons.length - 1] || null;
  }
  if (!target && key.startsWith("hand:")) {
    target = p.pack.querySelector(`[data-rec-key="pack:${key.slice(5)}"]`);
  }
  if (target && !target.disabled) target.focus({ preventScroll: true });
  else view.root.focus({ preventScroll: true });
}
function buildRecording(view) {
  const parts = view.parts;
  parts.undo = h("button", {
    type: "button",
    class: "mr-btn mr-boardbtn rec-undo",
    "data-testid": "mr-undo",
    "aria-label": say("rec.undo_label"),
    title: say("rec.undo_title"),
    text: say("rec.undo"),
    hidden: true,
    onclick: () => {
      if (!send(view, { do: "undo" })) showNotice(view, "info", say("rec.undo_needs"));
    }
  });
  parts.recordNext = h("span", { class: "rec-next", "data-testid": "mr-record-next", hidden: true });
  parts.nextDeal = h("button", {
    type: "button",
    class: "mr-btn rec-nextdeal",
    "data-testid": "mr-record-next-deal",
    title: say("rec.next_title"),
    text: say("rec.next"),
    hidden: true,
    onclick: () => {
      if (!send(view, { do: "next_deal" })) showNotice(view, "info", say("rec.next_needs"));
    }
  });
  return [parts.undo, parts.recordNext, parts.nextDeal];
}
function drawRecording(view, step, k) {
  const parts = view.parts;
  const root = view.root;
  root.classList.remove("mr-entering");
  const recording = isBoard(view) && Boolean(view.model.get("recording"));
  root.classList.toggle("mr-recording", recording);
  const main = view.payload.main_line || [];
  const atEnd = Boolean(step.main) && !(step.children || []).length;
  const playing = recording && atEnd && Boolean(step.to_play);
  root.classList.toggle("mr-rec-play", playing);
  if (playing) root.dataset.toPlay = step.to_play;
  else delete root.dataset.toPlay;
  if (!parts.undo) return;
  parts.undo.hidden = !recording;
  parts.recordNext.hidden = !recording;
  const lastStep = nodes(view)[main[main.length - 1]];
  parts.nextDeal.hidden = !(recording && lastStep && !lastStep.to_play);
  if (!recording) return;
  parts.undo.disabled = main.length <= 1;
  if (atEnd && parts.board) {
    parts.board.best.disabled = true;
    parts.board.playout.disabled = true;
  }
  const payload = view.payload;
  const last = lastStep;
  if (!atEnd && last && !last.to_play) {
    fill2(parts.recordNext, h("span", { class: "mr-dim", text: say("rec.recorded") }));
  } else if (!atEnd) {
    fill2(
      parts.recordNext,
      h("span", { class: "mr-dim", text: `${say("rec.goes_on")} ` }),
      h("button", {
        type: "button",
        class: "mr-btn rec-toend",
        text: say("rec.to_end"),
        onclick: () => goNode(view, main[main.length - 1])
      })
    );
  } else if (step.to_play) {
    fill2(parts.recordNext, ...sayParts("rec.tap_played", { who: who(payload, step.to_play) }));
  } else {
    const saved = !view.model.get("dirty") && Boolean(view.model.get("file"));
    fill2(parts.recordNext, saved ? say("rec.over_saved", { file: view.model.get("file") }) : say("rec.over"));
  }
}

// mendikot_replay/views/static/moves.js
function buildMoves(view) {
  const parts = view.parts;
  const payload = view.payload;
  const all = nodes(view);
  parts.moveButtons = /* @__PURE__ */ new Map();
  parts.movesKey = null;
  parts.movesHere = null;
  const dead = /* @__PURE__ */ new Map();
  for (const entry of payload.dead_ends || []) {
    if (!dead.has(entry.after)) dead.set(entry.after, []);
    dead.get(entry.after).push(entry);
  }
  const ctx = { view, all, dead, buttons: parts.moveButtons };
  const startLabel = payload.position ? say("moves.start_position", { trick: payload.first_trick }) : say("moves.start_label");
  const start = h("button", {
    type: "button",
    class: "mr-mv-start",
    "data-node": "0",
    "aria-label": startLabel,
    title: startLabel,
    text: payload.position ? say("moves.start_trick", { trick: payload.first_trick }) : say("moves.start")
  });
  parts.moveButtons.set(0, start);
  const first = (all[0].children || [])[0];
  const list = h(
    "div",
    { class: "mr-mv-list" },
    h("div", { class: "mr-mv-startrow" }, start, first === void 0 ? movesDeadEnds(ctx, 0) : null),
    first === void 0 ? h("p", { class: "mr-dim", text: say("moves.no_card") }) : movesLine(ctx, first, 0)
  );
  list.addEventListener("click", (event) => {
    const btn = event.target.closest("button[data-node]");
    if (btn && list.contains(btn)) goNode(view, Number(btn.dataset.node));
  });
  parts.moveScroll = list;
  parts.moveWhole = { kids: [...list.childNodes], buttons: parts.moveButtons, ctx, start };
  parts.movesMode = "whole";
  parts.varIn = h("button", {
    type: "button",
    class: "mr-btn mr-mv-nav",
    "data-testid": "mr-var-in",
    "aria-label": say("moves.enter_label"),
    "aria-keyshortcuts": "Shift+ArrowRight",
    title: say("moves.enter_title"),
    text: say("moves.enter"),
    onclick: () => enterVariation(view)
  });
  parts.varOut = h("button", {
    type: "button",
    class: "mr-btn mr-mv-nav",
    "data-testid": "mr-var-out",
    "aria-label": say("moves.leave_label"),
    "aria-keyshortcuts": "Shift+ArrowLeft",
    title: say("moves.leave_title"),
    text: say("moves.leave"),
    onclick: () => leaveVariation(view)
  });
  const variations = all.some((s) => !s.main) || (payload.dead_ends || []).length > 0;
  return h(
    "nav",
    {
      class: "mr-box mr-moves",
      "data-testid": "mr-moves",
      "aria-label": say("moves.label"),
      "aria-keyshortcuts": "Shift+ArrowRight Shift+ArrowLeft"
    },
    h(
      "div",
      { class: "mr-mv-head" },
      h("span", { class: "mr-boxtitle", text: say("moves.title") }),
      h("span", { class: "mr-mv-tools" }, parts.varIn, parts.varOut)
    ),
    h("div", {
      class: "mr-mv-hint mr-dim",
      text: say(variations ? "moves.hint_variations" : "moves.hint")
    }),
    list
  );
}
function movesLine(ctx, first, depth) {
  const rows = trickRows(ctx.all, first);
  return h(
    "ol",
    { class: "mr-mv-line", "data-depth": String(depth) },
    rows.map((row, r) => movesRow(ctx, row, r === 0, r === rows.length - 1, depth))
  );
}
function movesRow(ctx, row, first, last, depth) {
  const { all, view } = ctx;
  const payload = view.payload;
  const head = all[row.ids[0]];
  const end = all[row.ids[row.ids.length - 1]];
  const li = h("li", { class: "mr-mv-row", "data-trick": String(row.trick) });
  li.append(h("span", { class: "mr-mv-num", text: `${row.trick}.` }));
  li.append(h("span", { class: "mr-mv-lead", title: say("moves.leads", { seat: head.leader, trick: row.trick }), text: `${head.leader}:` }));
  const before = head.table.slice(0, Math.max(0, head.table.length - 1));
  if (before.length && depth === 0 && first) {
    for (const [seat, card] of before) {
      const label = say("moves.before_position", { seat, card: cardName(card) });
      li.append(h("span", { class: `mr-mv-pre mr-suit-${card[1]}`, title: label, "aria-label": label, role: "img", text: cardText(card) }));
    }
  } else if (before.length) {
    li.append(h("span", { class: "mr-mv-more", title: say("moves.after", { cards: before.map(([s, c]) => `${s} ${cardText(c)}`).join(", ") }), text: "…" }));
  }
  for (const id of row.ids) li.append(movesCard(ctx, id));
  if (end.winner) {
    const team = payload.teams[end.winner];
    const label = say("moves.wins", { seat: end.winner, side: payload.team_labels[team] });
    li.append(h("span", { class: `mr-mv-win mr-team-${team}`, title: label, "aria-label": label, text: `→${end.winner}` }));
    const taken = end.collected;
    if (taken && taken.tens && taken.tens.length) {
      const side = payload.team_labels[taken.team] || taken.team;
      const words2 = say("moves.take", { side, tens: taken.tens.map(cardText).join(" ") });
      li.append(h("span", { class: `mr-mv-tens mr-team-${taken.team}`, title: words2, "aria-label": words2, text: taken.tens.map(cardText).join(" ") }));
    } else if (payload.capture === "Dehla" && (!taken || !taken.tricks)) {
      li.append(h("span", { class: "mr-mv-pile", title: say("board.trick.to_pile"), text: say("moves.pile") }));
    }
  } else {
    const tens = row.ids.map((id) => all[id].card.card).filter((c) => c[0] === "T");
    if (tens.length) {
      const words2 = say("moves.on_table", { tens: tens.map(cardText).join(" ") });
      li.append(h("span", { class: "mr-mv-tens", title: words2, "aria-label": words2, text: tens.map(cardText).join(" ") }));
    }
  }
  if (last && !(end.children || []).length) {
    if (end.result) {
      li.append(h("span", { class: "mr-mv-result", "data-result": end.result.tag, title: end.result.text, text: resultShort(end.result) }));
    }
    const stops = movesDeadEnds(ctx, end.id);
    if (stops) li.append(stops);
  }
  if (ctx.quiz) return li;
  const branches = [];
  for (const id of row.ids) {
    const parent = all[id].parent;
    const siblings = all[parent].children || [];
    if (siblings[0] !== id) continue;
    for (const other of siblings.slice(1)) branches.push(movesVariation(ctx, other, id, depth));
    const stops = movesDeadEnds(ctx, parent);
    if (stops) branches.push(stops);
  }
  if (branches.length) li.append(h("div", { class: "mr-mv-vars" }, branches));
  return li;
}
function movesCard(ctx, id) {
  const step = ctx.all[id];
  const card = step.card;
  const notes = step.notes || {};
  const glyph = notes.glyph || null;
  const noted = (notes.comments || []).length + (notes.points || []).length + (notes.nags || []).length > 0;
  let label = say("moves.card", { trick: step.trick, seat: card.seat, card: cardName(card.card) });
  if (card.asked) label = say("moves.card_asking", { label });
  if (card.trump) label = say("board.trick.trump", { label });
  if (glyph) label = say("moves.card_glyph", { label, glyph });
  if (noted) label = say("moves.card_annotated", { label });
  const btn = h(
    "button",
    {
      type: "button",
      class: `mr-mv-card mr-suit-${card.card[1]}${card.trump ? " mr-mv-trump" : ""}${step.main ? "" : " mr-mv-side"}`,
      "data-card": card.card,
      "data-node": String(id),
      "aria-label": label,
      title: label
    },
    card.asked ? h("span", { class: "mr-mv-ask", "aria-hidden": "true", text: "^" }) : null,
    cardText(card.card),
    glyph ? h("span", { class: "mr-mv-glyph", "aria-hidden": "true", text: glyph }) : null,
    noted ? h("span", { class: "mr-mv-noted", "aria-hidden": "true", text: "✎" }) : null
  );
  ctx.buttons.set(id, btn);
  return btn;
}
function movesEnd(all, id) {
  let x = id;
  for (let n = 0; (all[x].children || []).length && n <= all.length; n++) x = all[x].children[0];
  return all[x];
}
function resultShort(result) {
  if (!result.winner) return say("result.short.tie");
  return say(`result.short.${result.kind}`, { side: result.winner });
}
function movesVariation(ctx, other, replaced, depth) {
  const { all } = ctx;
  const step = all[other];
  const instead = all[replaced].card;
  const end = movesEnd(all, other);
  const summary = h(
    "summary",
    { class: "mr-mv-varhead" },
    say("moves.instead", { seat: step.card.seat, card: cardText(step.card.card), replaced: cardText(instead.card) }),
    end.result ? [" ", h("span", { class: "mr-mv-result", "data-result": end.result.tag, title: end.result.text, text: resultShort(end.result) })] : null
  );
  return h(
    "details",
    { class: "mr-mv-var", open: true, "data-node": String(other), "data-depth": String(depth + 1) },
    summary,
    movesLine(ctx, other, depth + 1)
  );
}
function movesDeadEnds(ctx, after) {
  const entries = ctx.dead.get(after);
  if (!entries || !entries.length) return null;
  return h(
    "div",
    { class: "mr-mv-deads" },
    entries.map(
      (entry) => h(
        "div",
        { class: "mr-mv-dead", title: entry.error, "aria-label": say("moves.dead_label", { cards: entry.cards.join(" "), error: entry.error }) },
        h("span", { class: "mr-mv-deadmark", "aria-hidden": "true", text: "✗" }),
        " ",
        entry.cards.map((c, i) => [i ? " " : null, h("span", { class: "mr-mv-deadcard", text: c.length === 2 ? cardText(c) : c })]),
        " ",
        h("span", { class: "mr-mv-deaderror", text: say("moves.dead", { error: entry.error }) })
      )
    )
  );
}
function quizList(view) {
  const parts = view.parts;
  const whole = parts.moveWhole;
  const line = lineOf(view);
  const k = current(view);
  const mode = option(view, "quiz_seat", "") ? `quiz|${line.key}|${k}` : "whole";
  if (parts.movesMode === mode) return;
  parts.movesMode = mode;
  parts.movesKey = null;
  parts.movesHere = null;
  if (mode === "whole") {
    parts.moveScroll.replaceChildren(...whole.kids);
    parts.moveButtons = whole.buttons;
    return;
  }
  const start = whole.start.cloneNode(true);
  const buttons = /* @__PURE__ */ new Map([[0, start]]);
  const ctx = { ...whole.ctx, buttons, quiz: true };
  const rows = rowsOfTricks(nodes(view), line.ids.slice(1, k + 1));
  const shown = h("ol", { class: "mr-mv-line", "data-depth": "0" }, rows.map((row, r) => movesRow(ctx, row, r === 0, false, 0)));
  const hint = h("p", { class: "mr-dim", "data-testid": "mr-moves-quiz", text: say("moves.quiz_later") });
  parts.moveScroll.replaceChildren(h("div", { class: "mr-mv-startrow" }, start), shown, hint);
  parts.moveButtons = buttons;
}
function drawMoves(view) {
  const parts = view.parts;
  if (!parts.moveButtons) return;
  quizList(view);
  const buttons = parts.moveButtons;
  const line = lineOf(view);
  const id = line.ids[current(view)];
  if (parts.movesKey !== line.key) {
    parts.movesKey = line.key;
    for (const [node, btn] of buttons) btn.classList.toggle("mr-mv-online", line.set.has(node));
  }
  if (parts.movesHere !== id) {
    const old = buttons.get(parts.movesHere);
    if (old) {
      old.classList.remove("mr-mv-here");
      old.removeAttribute("aria-current");
    }
    const btn = buttons.get(id);
    if (btn) {
      btn.classList.add("mr-mv-here");
      btn.setAttribute("aria-current", "step");
      for (let d = btn.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
      movesKeepInView(parts.moves, btn);
    }
    parts.movesHere = id;
  }
  const quiz = parts.movesMode !== "whole";
  parts.varIn.disabled = quiz || nextVariation(view) === null;
  parts.varOut.disabled = quiz || branchOf(view) === null;
}
function movesKeepInView(section, btn) {
  if (typeof requestAnimationFrame !== "function") return;
  requestAnimationFrame(() => {
    for (let box = btn.parentElement; box && section && section.contains(box); box = box.parentElement) {
      if (box.scrollHeight <= box.clientHeight + 1) continue;
      const overflow = getComputedStyle(box).overflowY;
      if (overflow !== "auto" && overflow !== "scroll") continue;
      const outer = box.getBoundingClientRect();
      const inner = btn.getBoundingClientRect();
      if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top + 8;
      else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom + 8;
      return;
    }
  });
}
function nextVariation(view) {
  const all = nodes(view);
  const line = lineOf(view);
  for (let j = current(view); j < line.ids.length - 1; j++) {
    const kids = all[line.ids[j]].children || [];
    if (kids.length < 2) continue;
    const at = kids.indexOf(line.ids[j + 1]);
    if (at >= 0 && at + 1 < kids.length) return kids[at + 1];
  }
  return null;
}
function branchOf(view) {
  const all = nodes(view);
  const line = lineOf(view);
  for (let i = current(view); i >= 1; i--) {
    const id = line.ids[i];
    const parent = all[id].parent;
    if ((all[parent].children || [])[0] !== id) return parent;
  }
  return null;
}
function enterVariation(view) {
  const id = nextVariation(view);
  if (id === null) showNotice(view, "info", say("moves.no_variation"));
  else goNode(view, id);
}
function leaveVariation(view) {
  const id = branchOf(view);
  if (id === null) showNotice(view, "info", say("moves.main_line"));
  else goNode(view, id);
}

// mendikot_replay/views/static/quiz.js
function quizTurn(view, k) {
  const seat = option(view, "quiz_seat", "");
  if (!seat) return null;
  const next = stepAt(view, k + 1);
  if (!next || !next.card || next.card.seat !== seat || stepAt(view, k).to_play !== seat) return null;
  return seat;
}
function answerQuiz(view, k, seat, chosen) {
  const next = stepAt(view, k + 1);
  if (!next || !next.card) return;
  view.quiz = { node: next.id, at: stepAt(view, k).id, seat, chosen };
  go(view, k + 1);
}
function quizGrade(view, q) {
  const entry = analysisEntry(view, q.at);
  if (!entry || entry.status !== "solved" || entry.value === null || entry.value === void 0) return null;
  const moves = entry.moves || {};
  const cards = entry.cards || {};
  let value;
  if (cards[q.chosen]) value = cards[q.chosen].value;
  else if (q.chosen in moves) value = moves[q.chosen];
  else return null;
  const actual = moveValue(entry, nodes(view)[q.node]);
  return { entry, value, right: value === entry.value, text: entryText(entry, value), actual };
}
function drawQuiz(view, k, quizSeat) {
  const box = view.parts.quiz;
  const payload = view.payload;
  if (view.quiz && view.quiz.node === currentNode(view)) {
    const q = view.quiz;
    const actual = nodes(view)[q.node].card.card;
    box.hidden = false;
    const byChances = quizByChances(view) ? quizChanceGrade(view, q, actual) : null;
    const grade = quizGrade(view, q);
    if (byChances && !(byChances.state === "working" && grade)) {
      box.dataset.state = byChances.state;
      box.dataset.graded = "chances";
      fillQuiz(box, byChances.kids);
      return;
    }
    const kids = [];
    if (grade) {
      const best = grade.entry.text;
      box.dataset.state = grade.right ? "right" : "wrong";
      box.dataset.graded = "solver";
      const chosen = cardText(q.chosen);
      kids.push(
        h("strong", { text: say(grade.right ? "quiz.right" : "quiz.not_best") }),
        " ",
        say(grade.right ? "quiz.keeps" : "quiz.loses", { card: chosen, value: best, after: grade.text }),
        " "
      );
      const a = grade.actual;
      const played = { who: who(payload, q.seat), card: cardText(actual), after: a ? a.text : "" };
      let verdict = "quiz.played";
      if (actual === q.chosen) verdict = "quiz.played_too";
      else if (a && a.keeps) verdict = grade.right ? "quiz.played_also_keeps" : "quiz.played_keeps";
      else if (a) verdict = grade.right ? "quiz.played_loses" : "quiz.played_loses_too";
      kids.push(...sayParts(verdict, played));
      const refining = byChances && byChances.state === "working";
      kids.push(
        h("div", {
          class: "mr-quizhow mr-dim",
          "data-testid": "mr-quiz-how",
          text: refining ? say("quiz.how_refining", { seat: q.seat }) : say("quiz.how_dd")
        })
      );
    } else {
      const right = q.chosen === actual;
      box.dataset.state = right ? "right" : "wrong";
      box.dataset.graded = "record";
      kids.push(
        h("strong", { text: say(right ? "quiz.record_right" : "quiz.record_wrong") }),
        " ",
        ...sayParts("quiz.record", { card: cardText(q.chosen), who: who(payload, q.seat), played: cardText(actual) }),
        " ",
        h("span", { class: "mr-dim", text: say("quiz.no_values") })
      );
    }
    fillQuiz(box, kids);
    return;
  }
  if (quizSeat) {
    box.hidden = false;
    box.dataset.state = "ask";
    box.dataset.graded = "";
    const graded = quizByChances(view) ? say("quiz.how_both", { seat: quizSeat }) : say("quiz.how_dd");
    fillQuiz(box, [
      h("strong", { text: say("quiz.title") }),
      " ",
      ...sayParts("quiz.ask", { who: who(payload, quizSeat) }),
      h("div", { class: "mr-quizhow mr-dim", text: graded })
    ]);
    return;
  }
  const seenBy = option(view, "quiz_seat", "");
  if (seenBy) {
    box.hidden = false;
    box.dataset.state = "wait";
    box.dataset.graded = "";
    fillQuiz(box, [h("strong", { text: say("quiz.title") }), " ", ...sayParts("quiz.wait", { who: who(payload, seenBy), seat: seenBy })]);
    return;
  }
  box.hidden = true;
  box.dataset.state = "";
  box.dataset.graded = "";
  box.replaceChildren();
}
function fillQuiz(box, kids) {
  const head = h("span", { class: "mr-quizhead", "data-testid": "mr-quiz-head" });
  const more = [];
  for (const kid of kids) {
    if (kid instanceof Element && (kid.tagName === "DIV" || kid.tagName === "UL")) more.push(kid);
    else if (kid !== null && kid !== void 0) head.append(kid instanceof Node ? kid : String(kid));
  }
  const details = more.length ? h(
    "details",
    { class: "mr-quizmore", "data-testid": "mr-quiz-more" },
    h("summary", { "aria-label": say("quiz.more_label"), text: say("quiz.more") }),
    h("div", { class: "mr-quizpanel" }, more)
  ) : null;
  fill2(box, head, details);
}

// mendikot_replay/views/static/table.js
var LAYOUT = {
  4: { areas: ['". sC ."', '"sD tbl sB"', '". sA ."'], cols: "1fr 1.35fr 1fr" },
  6: { areas: ['"sE sD sC"', '"tbl tbl tbl"', '"sF sA sB"'], cols: "1fr 1fr 1fr" },
  8: { areas: ['"sF sE sD"', '"sG tbl sC"', '"sH sA sB"'], cols: "1fr 1.2fr 1fr" },
  10: { areas: ['"sH sG sF sE"', '"sI tbl tbl sD"', '"sJ sA sB sC"'], cols: "1fr 1fr 1fr 1fr" },
  12: { areas: ['"sI sH sG sF sE"', '"sJ tbl tbl tbl sD"', '"sK sL sA sB sC"'], cols: "repeat(5, 1fr)" }
};
var TRICK_PLACES = {
  4: { A: [50, 80], B: [82, 50], C: [50, 20], D: [18, 50] },
  6: { A: [50, 74], B: [82, 74], C: [82, 26], D: [50, 26], E: [18, 26], F: [18, 74] },
  8: { A: [50, 82], B: [84, 82], C: [84, 50], D: [84, 18], E: [50, 18], F: [16, 18], G: [16, 50], H: [16, 82] },
  10: { A: [37, 82], B: [63, 82], C: [88, 82], D: [88, 50], E: [88, 18], F: [63, 18], G: [37, 18], H: [12, 18], I: [12, 50], J: [12, 82] },
  12: {
    A: [50, 82],
    B: [70, 82],
    C: [90, 82],
    D: [90, 50],
    E: [90, 18],
    F: [70, 18],
    G: [50, 18],
    H: [30, 18],
    I: [10, 18],
    J: [10, 50],
    K: [10, 82],
    L: [30, 82]
  }
};
function ringPlace(seat, players) {
  const [left, top] = (TRICK_PLACES[players] || TRICK_PLACES[4])[seat] || [50, 50];
  return { left, top };
}
function whoSentence(payload, seat) {
  const name = payload.names[seat];
  return name ? say("seat.named", { seat, name: `${FSI}${name}${PDI}` }) : seat;
}
function clickCard(view, seat, card) {
  const payload = view.payload;
  const all = nodes(view);
  const line = lineOf(view);
  const k = current(view);
  const id = line.ids[k];
  const step = all[id];
  if (!step.to_play) {
    showNotice(view, "info", say("board.play.over"));
    return;
  }
  if (seat !== step.to_play) {
    showNotice(view, "info", say("board.play.turn", { who: whoSentence(payload, step.to_play) }));
    return;
  }
  if (!(step.hands[seat] || []).includes(card)) {
    showNotice(view, "info", say("board.play.played", { card: cardText(card) }));
    return;
  }
  const ask = Boolean(view.ask && view.ask.node === id && view.ask.on);
  view.ask = null;
  const asks = step.asks || [];
  const same = (child2, exact) => {
    const played = child2 !== void 0 ? all[child2].card : null;
    if (!played || played.card !== card) return false;
    return !exact || !asks.includes(card) || Boolean(played.asked) === ask;
  };
  const next = line.ids[k + 1];
  if (same(next, true)) {
    go(view, k + 1);
    return;
  }
  const child = (step.children || []).find((c) => same(c, true));
  if (child !== void 0) {
    goNode(view, child);
    return;
  }
  if (send(view, { do: "play", at: id, card, ask })) return;
  const legal = Array.isArray(step.legal) ? step.legal : null;
  if (legal && !legal.includes(card) && !(ask && asks.includes(card))) {
    const message = legal.length ? "board.play.illegal_legal" : "board.play.illegal";
    showNotice(view, "error", say(message, { card: cardText(card), legal: legal.map(cardText).join(" ") }));
    return;
  }
  if (same(next, false)) {
    go(view, k + 1);
    return;
  }
  const loose = (step.children || []).find((c) => same(c, false));
  if (loose !== void 0) {
    goNode(view, loose);
    return;
  }
  showNotice(
    view,
    "info",
    say("board.play.needs_notebook", { card: cardText(card) })
  );
}
function drawSeats(view, step, k, quizSeat) {
  const payload = view.payload;
  const hidden = new Set(option(view, "hidden_seats", []) || []);
  const showPlayed = Boolean(option(view, "show_played", true));
  const trump = step.trump;
  const seenBy = option(view, "quiz_seat", "");
  for (const seat of payload.seats) {
    const panel = view.parts.seats[seat];
    const quizHides = Boolean(seenBy) && seat !== seenBy;
    const isHidden = quizHides || hidden.has(seat) && seat !== quizSeat;
    panel.dataset.hidden = isHidden ? "true" : "false";
    panel.classList.toggle("mr-toplay", step.to_play === seat);
    const team = payload.teams[seat];
    const badges = [];
    if (payload.dealer === seat) badges.push(h("span", { class: "mr-badge", title: say("board.seat.dealer"), text: say("board.seat.dealer") }));
    if (step.to_play === seat) badges.push(h("span", { class: "mr-badge mr-badge-turn", text: say("board.seat.to_play") }));
    const toggle = h("button", {
      type: "button",
      class: "mr-eye",
      "data-testid": `mr-toggle-${seat}`,
      "aria-pressed": isHidden ? "true" : "false",
      "aria-label": say(quizHides ? "board.seat.quiz_hides" : isHidden ? "board.seat.show_label" : "board.seat.hide_label", { seat, quiz: seenBy }),
      title: quizHides ? say("board.seat.quiz_hides_title", { quiz: seenBy }) : null,
      disabled: quizHides,
      text: say(isHidden ? "board.seat.show" : "board.seat.hide"),
      onclick: () => {
        const next = new Set(option(view, "hidden_seats", []) || []);
        if (next.has(seat)) next.delete(seat);
        else next.add(seat);
        setOption(view, "hidden_seats", payload.seats.filter((s) => next.has(s)));
      }
    });
    const header = h(
      "div",
      { class: "mr-seathead" },
      h("span", { class: "mr-seatletter", text: seat }),
      bdi(payload.names[seat] || "", { class: "mr-seatname" }),
      h("span", { class: `mr-teamtag mr-team-${team}`, text: payload.team_labels[team] }),
      ...badges,
      toggle
    );
    const hand = step.hands[seat];
    const start = payload.start_hands[seat];
    let body;
    if (hand === null || hand === void 0) {
      body = h("div", { class: "mr-hand mr-dim", text: say("page.unknown_hand") });
    } else if (isHidden) {
      body = h(
        "div",
        { class: "mr-hand mr-backs", role: "img", "aria-label": sayCount("board.seat.hidden_hand", hand.length, { seat }) },
        ...hand.map(() => h("span", { class: "mr-card mr-back mr-mini", "aria-hidden": "true" }))
      );
    } else {
      const dd = analysisOf(view, step.id);
      const values = dd && dd.cards && dd.to_play === seat && quizSeat !== seat ? dd : null;
      const asking = Boolean(view.ask && view.ask.node === step.id && view.ask.on);
      const legal = Array.isArray(step.legal) ? /* @__PURE__ */ new Set([...step.legal, ...asking ? step.asks || [] : []]) : null;
      const play = step.to_play === seat && quizSeat !== seat ? { legal } : null;
      body = handRows(view, seat, hand, start || hand, showPlayed, trump, quizSeat === seat ? k : null, values, play);
    }
    let panelLabel = say("board.seat.label", { who: whoText(payload, seat), team: payload.team_labels[team] });
    if (isHidden) panelLabel = say("board.seat.label_hidden", { label: panelLabel });
    if (step.to_play === seat) panelLabel = say("board.seat.label_to_play", { label: panelLabel });
    panel.setAttribute("aria-label", panelLabel);
    panel.replaceChildren(header, body);
  }
}
function handRows(view, seat, hand, start, showPlayed, trump, quizStep, dd, play) {
  let facedown = trump.status === "hidden" && trump.holder === seat ? trump.card : null;
  const shown = showPlayed ? start : hand;
  const held = stillHeld(shown, hand);
  const rows = [];
  for (const suit of SUIT_ORDER) {
    const chips = [];
    for (const [i, c] of shown.entries()) {
      if (c[1] !== suit) continue;
      const played = !held[i];
      let label = cardName(c);
      let cls = "mr-chip";
      if (played) {
        cls += " mr-played";
        label = say("board.card.played", { card: label });
      }
      const down = c === facedown && !played;
      if (down) {
        facedown = null;
        cls += " mr-facedown";
        label = say("board.card.face_down", { card: label });
      }
      if (quizStep !== null && !played) {
        const chip2 = h(
          "button",
          {
            type: "button",
            class: `${cls} mr-card mr-suit-${suit} mr-pick`,
            "data-card": c,
            "aria-label": say("board.card.pick", { card: label }),
            onclick: () => answerQuiz(view, quizStep, seat, c)
          },
          h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(c) })
        );
        chips.push(chip2);
        continue;
      }
      const value = dd && !played ? dd.cards[c] : void 0;
      if (value) {
        cls += ` mr-dd ${value.keeps ? "mr-dd-keep" : "mr-dd-lose"}`;
        label = say(value.keeps ? "board.card.dd_keeps" : "board.card.dd_loses", { card: label, value: value.text, best: dd.text });
      }
      const playable = play && !played;
      const legal = playable && (play.legal === null || play.legal.has(c));
      if (playable) {
        cls += legal ? " mr-playcard mr-legal" : " mr-playcard mr-illegal";
        label = say(legal ? "board.card.legal" : "board.card.illegal", { card: label });
      }
      const chip = h(playable ? "button" : "span", {
        type: playable ? "button" : null,
        class: `${cls} mr-card mr-suit-${suit}`,
        "data-card": c,
        role: playable ? null : "img",
        "aria-label": label,
        "data-legal": playable ? String(Boolean(legal)) : null,
        "data-dd-value": value ? String(value.value) : null,
        "data-dd-text": value ? value.text : null,
        onclick: playable ? () => clickCard(view, seat, c) : null
      });
      chip.append(h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(c) }));
      if (value) {
        chip.append(h("span", { class: "mr-ddtag", "aria-hidden": "true", text: value.keeps ? "✓" : `✗ ${value.text}` }));
        chip.title = say(value.keeps ? "board.card.dd_title_keeps" : "board.card.dd_title_loses", { value: value.text, best: dd.text });
      } else if (playable) {
        chip.title = say(legal ? "board.card.play" : "board.play.illegal", { card: cardText(c) });
      }
      if (down) chip.title = say("board.card.face_down_title");
      chips.push(chip);
    }
    rows.push(
      h(
        "div",
        { class: `mr-suitrow mr-suit-${suit}` },
        h("span", { class: "mr-rowsign", role: "img", "aria-label": suitWord(suit), text: SUIT_SIGN[suit] }),
        chips.length ? chips : h("span", { class: "mr-void", text: "—", "aria-label": say("board.void") })
      )
    );
  }
  return h("div", { class: "mr-hand" }, rows);
}
function stepMark(step) {
  if (!step || !step.notes) return null;
  const notes = step.notes;
  if (notes.glyph) return notes.glyph;
  if ((notes.points || []).length) return "★";
  if ((notes.nags || []).length) return "$";
  if ((notes.comments || []).length) return "✎";
  return null;
}
function drawCenter(view, step, k) {
  const payload = view.payload;
  const center = view.parts.center;
  const players = payload.players;
  const kids = [];
  const count = step.table.length;
  step.table.forEach(([seat, card], j) => {
    const at = k - (count - 1 - j);
    const played = at >= 1 ? stepAt(view, at) : null;
    const classes = ["mr-trickcard"];
    if (j === 0) classes.push("mr-lead");
    if (step.winner === seat) classes.push("mr-winner");
    if (at === k && k > 0) classes.push("mr-current");
    if (played && played.card && played.card.trump) classes.push("mr-istrump");
    const mistake = played ? mistakeAt(view, played) : null;
    if (mistake) classes.push("mr-dd-mistake");
    let label = say("board.trick.card", { who: whoText(payload, seat), card: cardName(card) });
    if (j === 0) label = say("board.trick.led", { label });
    if (played && played.card && played.card.trump) label = say("board.trick.trump", { label });
    if (step.winner === seat) label = say("board.trick.wins", { label });
    if (mistake) label = say("board.trick.mistake", { label, before: mistake.before, after: mistake.played.text });
    const mark = stepMark(played);
    const place = ringPlace(seat, players);
    const box = h(
      "div",
      { class: classes.join(" "), "data-seat": seat },
      cardFace(card, null, label),
      mark ? h("span", { class: "mr-mark", title: say("board.trick.annotated"), text: mark }) : null,
      mistake ? h("span", { class: "mr-ddmark", "aria-hidden": "true", title: say("board.trick.mistake_title", { before: mistake.before, after: mistake.played.text }), text: "✗" }) : null,
      h("span", { class: "mr-trickseat", text: (j === 0 ? say("board.trick.seat_led", { seat }) : seat) + (step.winner === seat ? " ✔" : "") })
    );
    box.style.left = `${place.left}%`;
    box.style.top = `${place.top}%`;
    kids.push(box);
  });
  let caption;
  if (!count) {
    caption = step.to_play ? sayParts("board.trick.to_lead", { who: who(payload, step.to_play) }) : "";
  } else if (step.winner) {
    const team = payload.teams[step.winner];
    caption = sayParts("board.trick.won", { leader: step.leader, who: who(payload, step.winner), side: payload.team_labels[team] });
  } else {
    caption = step.to_play ? say("board.trick.going", { leader: step.leader, seat: step.to_play }) : say("board.trick.led_only", { leader: step.leader });
  }
  const collected = step.collected;
  let extra = null;
  if (collected && payload.capture === "Dehla") {
    const side = payload.team_labels[collected.team];
    const tens = collected.tens.map(cardText).join(" ");
    extra = collected.tricks ? sayCount(tens ? "board.trick.takes_pile_with" : "board.trick.takes_pile", collected.tricks, { seat: collected.seat, side, tens }) : say("board.trick.to_pile");
  }
  center.classList.toggle("mr-done", Boolean(step.winner));
  const lines = [
    h("div", { class: "mr-ring", "data-testid": "mr-trick" }, kids),
    h("div", { class: "mr-caption" }, h("strong", { text: say(count ? "board.trick" : "board.trick.before", { trick: step.trick }) }), " ", caption)
  ];
  if (extra) lines.push(h("div", { class: "mr-caption mr-collect", text: extra }));
  center.replaceChildren(...lines);
}
function drawTrump(view, step) {
  const payload = view.payload;
  const trump = step.trump;
  const box = view.parts.trump;
  box.dataset.status = trump.status;
  const title = h("div", { class: "mr-boxtitle", text: say("board.trump.title") });
  let face;
  let words2;
  if (trump.status === "hidden") {
    face = cardBack(say("board.trump.back"));
    words2 = say("board.trump.closed", { version: payload.reveal || "A", holder: trump.holder || "?" });
    if ((payload.flags || []).includes("hidden-trumps")) words2 = say("board.trump.hidden_trumps", { words: words2 });
  } else if (trump.status === "unnamed") {
    face = h("span", { class: "mr-trumpsign mr-dim", "aria-hidden": "true", text: "?" });
    words2 = say("board.trump.unnamed");
  } else if (trump.status === "none" || !trump.suit) {
    face = h("span", { class: "mr-trumpsign mr-dim", "aria-hidden": "true", text: "—" });
    words2 = say("board.trump.none");
  } else {
    face = h("span", { class: `mr-trumpsign mr-suit-${trump.suit}`, "aria-hidden": "true", text: SUIT_SIGN[trump.suit] });
    const suit = suitWord(trump.suit);
    const card = trump.card ? cardText(trump.card) : "";
    if (trump.status === "revealed") {
      words2 = say("board.trump.revealed", { suit, card, holder: trump.holder, at: trump.since + 1 });
    } else if (trump.status === "named") {
      words2 = say("board.trump.named", { suit, card, at: trump.since + 1 });
    } else if (card) {
      words2 = say(payload.trump_method === "FaceUp" ? "board.trump.face_up" : "board.trump.drawn", { suit, card });
    } else {
      words2 = say("board.trump.known", { suit });
    }
  }
  box.setAttribute("aria-label", say("board.trump.label", { words: words2 }));
  box.replaceChildren(title, h("div", { class: "mr-trumprow" }, face, h("span", { text: words2 })));
}

// mendikot_replay/views/static/notes.js
function drawPoints(view, line) {
  const parts = view.parts;
  const upTo = option(view, "quiz_seat", "") ? current(view) : Infinity;
  const key = `${line.key}|${upTo}`;
  if (parts.pointsKey === key) return;
  parts.pointsKey = key;
  const all = nodes(view);
  parts.pointButtons = [];
  const items = [];
  for (const k of line.noteSteps.filter((step) => step <= upTo)) {
    const id = line.ids[k];
    const step = all[id];
    const notes = step.notes;
    const badges = [];
    if (notes.glyph) badges.push(h("span", { class: "mr-glyph", text: notes.glyph }));
    for (const point of notes.points || []) {
      const args = argsText((point.args || []).join(" "));
      badges.push(h("span", { class: "mr-badge mr-badge-point" }, "★ ", bdi(point.kind), args ? [" ", bdi(args)] : null));
    }
    for (const nag of notes.nags || []) {
      const text = `$${nag.nag} ${nag.text || ""}`.trim();
      badges.push(h("span", { class: "mr-badge", title: text, text: `$${nag.nag}` }));
    }
    const words2 = notes.comments || [];
    const btn = h(
      "button",
      {
        type: "button",
        class: "mr-point",
        "data-step": String(k),
        "data-node": String(id),
        title: words2.join(" "),
        onclick: () => go(view, k)
      },
      h("span", { class: "mr-pointwhere", text: say("board.notes.point", { card: k, played: seatCard(step.card.seat, step.card.card) }) }),
      " ",
      ...badges.flatMap((b) => [b, " "]),
      h("span", { class: "mr-pointtext" }, words2.flatMap((w, i) => i ? [" ", bdi(w)] : [bdi(w)]))
    );
    parts.pointButtons.push(btn);
    items.push(h("li", null, btn));
  }
  parts.pointList.replaceChildren(...items);
  parts.pointList.hidden = !items.length;
  const dealNotes = (view.payload.deal_comments || []).length > 0;
  parts.pointEmpty.hidden = items.length > 0 || dealNotes;
  parts.pointEmpty.textContent = upTo === Infinity ? say("board.notes.none") : say("board.notes.quiz_later");
  const mainOnly = lineOf(view).ids.every((id) => nodes(view)[id].main);
  parts.pointSummary.textContent = say(mainOnly ? "board.notes.summary" : "board.notes.summary_line", { count: items.length });
}
function drawNotes(view, step, k) {
  const payload = view.payload;
  const box = view.parts.notes;
  const kids = [h("div", { class: "mr-boxtitle", text: say("board.notes.title") })];
  if (step.id === 0) {
    for (const c of payload.deal_comments || []) kids.push(h("p", { class: "mr-comment" }, bdi(c)));
  }
  const card = step.card;
  const notes = step.notes || { comments: [], points: [], nags: [], glyph: null };
  if (card) {
    const head = h("div", { class: "mr-notehead" }, who(payload, card.seat), " ", cardFace(card.card, "mr-mini"));
    if (notes.glyph) head.append(h("span", { class: "mr-glyph", text: notes.glyph }));
    const flags = [];
    if (card.trump) flags.push(say("board.flag.trump"));
    if (card.revealed) flags.push(say(card.asked ? "board.flag.asked" : "board.flag.revealed"));
    if (card.named) flags.push(say("board.flag.named"));
    if (card.revoke) flags.push(say("board.flag.revoke"));
    if (!card.followed) flags.push(say("board.flag.not_followed"));
    if (flags.length) {
      head.append(h("span", { class: "mr-dim", text: ` ${say("board.flags", { flags: sayList(flags) })}` }));
    }
    kids.push(head);
    for (const nag of notes.nags || []) {
      kids.push(h("div", { class: "mr-nag" }, h("span", { class: "mr-badge", text: `$${nag.nag}` }), " ", nag.text));
    }
    for (const point of notes.points || []) {
      kids.push(
        h("div", { class: "mr-pointnote" }, h("span", { class: "mr-badge mr-badge-point" }, "★ ", bdi(point.kind)), " ", bdi(argsText(point.args.join(" "))))
      );
    }
    for (const c of notes.comments || []) kids.push(h("p", { class: "mr-comment" }, bdi(c)));
    for (const c of notes.commands || []) kids.push(h("div", { class: "mr-dim" }, bdi(c.name), ": ", bdi(c.args)));
  }
  if (kids.length === 1 || card && kids.length === 2) kids.push(h("p", { class: "mr-dim", text: say("board.notes.empty") }));
  const alternatives = alternativesHere(view, step);
  if (alternatives) kids.push(alternatives);
  box.dataset.count = String(card ? noteCount(notes) : (payload.deal_comments || []).length);
  box.replaceChildren(...kids);
}
function alternativesHere(view, step) {
  const all = nodes(view);
  if (step.parent === null || step.parent === void 0) return null;
  const siblings = (all[step.parent].children || []).filter((c) => c !== step.id);
  if (!siblings.length) return null;
  return h(
    "div",
    { class: "mr-variation" },
    `${say(step.main ? "board.alt.instead" : "board.alt.others")} `,
    ...siblings.flatMap((c, i) => {
      const other = all[c];
      const label = say("board.alt.go", { seat: other.card.seat, card: cardName(other.card.card) });
      const btn = h("button", {
        type: "button",
        class: "mr-btn mr-altbtn",
        "data-card": other.card.card,
        "data-node": String(c),
        "aria-label": label,
        title: label,
        text: say(other.main ? "board.alt.card_main" : "board.alt.card", { seat: other.card.seat, card: cardText(other.card.card) }),
        onclick: () => goNode(view, c)
      });
      return i ? [" ", btn] : [btn];
    })
  );
}

// mendikot_replay/views/static/ledger.js
function ledgerRows(step, payload, seenBy = null) {
  const seen = /* @__PURE__ */ new Set();
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
      text: unseen ? say("board.ten_unseen", { seat: seenBy }) : entry.text
    };
  });
}

// mendikot_replay/views/static/scores.js
function drawCounts(view, step) {
  const payload = view.payload;
  const rows = ["AC", "BD"].map((team, i) => {
    const members = payload.seats.filter((s) => payload.teams[s] === team);
    const names = members.map((s) => payload.names[s]).filter(Boolean);
    return h(
      "div",
      { class: `mr-countrow mr-team-${team}`, "data-testid": `mr-count-${team}`, "data-tricks": step.tricks[i], "data-tens": step.tens[i] },
      h("span", { class: `mr-teamtag mr-team-${team}`, text: payload.team_labels[team] }),
      h("span", { class: "mr-teamnames" }, names.flatMap((name, j) => j ? [", ", bdi(name)] : [bdi(name)])),
      h("span", { class: "mr-num", text: sayCount("count.tricks", step.tricks[i]) }),
      h("span", { class: "mr-num", text: sayCount("count.tens", step.tens[i]) })
    );
  });
  view.parts.counts.replaceChildren(
    h("div", { class: "mr-boxtitle", text: say("board.counts", { tricks: payload.total_tricks }) }),
    ...rows
  );
}
function drawPile(view, step) {
  if (view.payload.capture !== "Dehla") return;
  const pile = step.pile;
  const [seat, run] = step.streak;
  const runLine = seat && run ? h("div", { class: "mr-dim" }, who(view.payload, seat), ` ${sayCount("board.run", run)}`) : null;
  const count = h(
    "div",
    { "data-pile-tricks": pile.tricks },
    sayCount("show.pile_tricks", pile.tricks),
    pile.tens.length ? h("span", null, ` ${say("board.pile_with")} `, ...pile.tens.map((t) => cardFace(t, "mr-mini"))) : null
  );
  fill2(view.parts.pile, h("div", { class: "mr-boxtitle", text: say("board.pile") }), count, runLine);
}
function drawLedger(view, step) {
  const items = ledgerRows(step, view.payload, option(view, "quiz_seat", "") || null).map(
    (row) => h(
      "li",
      {
        class: `mr-ten mr-status-${row.status}${row.teamLabel ? " mr-team-" + row.team : ""}`,
        "data-testid": `mr-ten-${row.key}`,
        "data-status": row.status,
        "data-team": row.team,
        "aria-label": row.label
      },
      cardFace(row.card, "mr-mini", cardName(row.card)),
      h("span", { class: "mr-tenstatus", text: row.word }),
      row.teamLabel ? h("span", { class: `mr-teamtag mr-team-${row.team}`, text: row.teamLabel }) : null,
      h("span", { class: "mr-tentext" }, sentence(row.text))
    )
  );
  view.parts.ledgerList.replaceChildren(...items);
}
function drawResult(view, step, k) {
  const box = view.parts.result;
  const last = k === lineOf(view).ids.length - 1;
  const payload = view.payload;
  if (last && step.result) {
    const r = step.result;
    box.hidden = false;
    box.className = `mr-result mr-result-${r.kind}${r.winner ? " mr-team-" + r.winner : ""}`;
    box.dataset.kind = r.kind;
    box.dataset.winner = r.winner || "";
    box.replaceChildren(
      h("div", { class: "mr-resulttitle", text: step.main ? r.text : say("board.result_variation", { result: r.text }) }),
      h("div", { class: "mr-dim", text: say("board.result_counts", { ac_tens: r.tens[0], bd_tens: r.tens[1], ac_tricks: r.tricks[0], bd_tricks: r.tricks[1], first: payload.team_labels.AC, reason: r.reason }) })
    );
  } else if (last && payload.error && step.main) {
    box.hidden = false;
    box.className = "mr-result mr-result-error";
    box.dataset.kind = "error";
    box.replaceChildren(h("div", { class: "mr-resulttitle", text: say("show.stops", { error: payload.error }) }));
  } else if (last) {
    box.hidden = false;
    box.className = "mr-result mr-result-open";
    box.dataset.kind = "unfinished";
    const words2 = say(step.main ? "board.no_result" : "board.no_result_variation");
    box.replaceChildren(h("div", { class: "mr-resulttitle", text: words2 }));
  } else {
    box.hidden = true;
    box.dataset.kind = "";
    box.replaceChildren();
  }
}

// mendikot_replay/views/static/controls.js
var KEYS = {
  ArrowRight: "next",
  ArrowLeft: "prev",
  ArrowDown: "nextTrick",
  PageDown: "nextTrick",
  ArrowUp: "prevTrick",
  PageUp: "prevTrick",
  Home: "first",
  End: "last",
  t: "nextTen",
  T: "prevTen",
  n: "nextNote",
  N: "prevNote"
};
var TEXT_INPUTS = /* @__PURE__ */ new Set(["text", "search", "email", "number", "password", "url", "tel"]);
function keydown(view, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === "SELECT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
  if (target && target.tagName === "INPUT" && TEXT_INPUTS.has(target.type)) return;
  let move = KEYS[event.key];
  if (event.shiftKey && event.key === "ArrowRight") move = "in";
  if (event.shiftKey && event.key === "ArrowLeft") move = "out";
  if (!move || !nodes(view).length) return;
  event.preventDefault();
  event.stopPropagation();
  if (move === "in") enterVariation(view);
  else if (move === "out") leaveVariation(view);
  else go(view, MOVES[move](view));
}
function buildTabs(view) {
  const tab = (name, words2) => h("button", {
    type: "button",
    role: "tab",
    class: "mr-tab",
    "data-testid": `mr-tab-${name}`,
    "data-tab": name,
    "aria-selected": name === "table" ? "true" : "false",
    text: words2,
    onclick: () => showTab(view, name)
  });
  return h(
    "div",
    { class: "mr-tabs", role: "tablist", "aria-label": say("board.tabs") },
    tab("table", say("board.tab.table")),
    tab("chances", say("board.tab.chances"))
  );
}
function showTab(view, name) {
  view.root.classList.toggle("mr-tab-chances", name === "chances");
  for (const btn of view.parts.tabs.querySelectorAll("[role=tab]")) btn.setAttribute("aria-selected", btn.dataset.tab === name ? "true" : "false");
}
function placeChances(view, present) {
  const { chances, body, points } = view.parts;
  if (!chances || !body) return;
  if (present && chances.parentNode === body) view.root.insertBefore(chances, points);
  else if (!present && chances.parentNode !== body) body.append(chances);
}
function placeMenu(view, present) {
  const { menu, options, boardbar, say: sentence2 } = view.parts;
  if (!menu) return;
  const inMenu = present || Boolean(view.menuOpen && view.sheet);
  if (inMenu && options.parentNode !== menu) menu.append(boardbar, options);
  else if (!inMenu && options.parentNode === menu) {
    sentence2.before(boardbar);
    sentence2.after(options);
  }
}
function buildOptions(view) {
  const payload = view.payload;
  const check = (testid, text, name, get, set) => h(
    "label",
    { class: "mr-opt" },
    h("input", {
      type: "checkbox",
      "data-testid": testid,
      "data-option": name,
      onchange: (event) => setOption(view, name, set(event.target.checked))
    }),
    " ",
    text
  );
  const quiz = h(
    "select",
    {
      "data-testid": "mr-opt-quiz",
      "data-option": "quiz_seat",
      "aria-label": say("board.opt.quiz_label"),
      onchange: (event) => setOption(view, "quiz_seat", event.target.value)
    },
    h("option", { value: "", text: say("board.opt.no_quiz") }),
    ...payload.seats.map((s) => h("option", { value: s, text: say("board.opt.quiz_seat", { seat: s }) }))
  );
  view.parts.options = h(
    "div",
    { class: "mr-options", role: "group", "aria-label": say("board.opt.label") },
    check("mr-opt-played", say("board.opt.played"), "show_played", null, (on) => on),
    check("mr-opt-four", say("board.opt.four"), "four_color", null, (on) => on),
    check("mr-opt-large", say("board.opt.large"), "scale", null, (on) => on ? 1.6 : 1),
    check("mr-opt-present", say("board.opt.present"), "presentation", null, (on) => on),
    h("label", { class: "mr-opt" }, quiz),
    // Only where values can come from: a kernel (the widget has the trait) or a page
    // that embeds them.
    canAnalyse(view) ? check("mr-opt-analyse", say("board.opt.analyse"), "analyse", null, (on) => on) : null,
    chanceOptions(view, check)
  );
  return view.parts.options;
}
function buildBoardBar(view) {
  const parts = view.parts;
  const act = (testid, text, label, what) => h("button", {
    type: "button",
    class: "mr-btn mr-boardbtn",
    "data-testid": testid,
    "aria-label": say(label),
    title: say(label),
    text: say(text),
    onclick: () => boardAction(view, what)
  });
  parts.board = {
    back: act("mr-back", "board.btn.back", "board.btn.back_label", "back"),
    best: act("mr-best", "board.btn.best", "board.btn.best_label", "best"),
    playout: act("mr-playout", "board.btn.playout", "board.btn.playout_label", "playout"),
    promote: act("mr-promote", "board.btn.promote", "board.btn.promote_label", "promote"),
    del: act("mr-delete", "board.btn.delete", "board.btn.delete_label", "delete")
  };
  parts.ask = h("button", {
    type: "button",
    class: "mr-btn mr-ask",
    "data-testid": "mr-ask",
    "aria-pressed": "false",
    title: say("board.ask_title"),
    text: say("board.ask"),
    onclick: () => toggleAsk(view)
  });
  parts.boardbar = h(
    "div",
    { class: "mr-boardbar", "data-testid": "mr-board", role: "toolbar", "aria-label": say("board.bar") },
    buildRecording(view),
    Object.values(parts.board),
    parts.ask
  );
  return parts.boardbar;
}
function boardAction(view, what) {
  if (what === "back") {
    go(view, current(view) - 1);
    return;
  }
  if (!send(view, { do: what, at: currentNode(view) })) showNotice(view, "info", say("board.needs_notebook"));
}
function toggleMenu(view) {
  view.menuOpen = !view.menuOpen;
  view.sheet = view.menuOpen && !view.root.classList.contains("mr-present") && view.root.clientWidth <= 560;
  view.root.classList.toggle("mr-menu-open", view.menuOpen);
  view.root.classList.toggle("mr-sheet", view.sheet);
  placeMenu(view, view.root.classList.contains("mr-present"));
  if (view.sheet) {
    const bar = view.root.querySelector(".mr-controls");
    view.root.style.setProperty("--mr-sheet-top", `${bar ? bar.offsetTop + bar.offsetHeight : 0}px`);
  }
  const btn = view.root.querySelector("[data-testid=mr-menu]");
  if (btn) btn.setAttribute("aria-expanded", view.menuOpen ? "true" : "false");
}
function toggleAsk(view) {
  const at = currentNode(view);
  const on = Boolean(view.ask && view.ask.node === at && view.ask.on);
  view.ask = { node: at, on: !on };
  const step = nodes(view)[at];
  const k = current(view);
  drawBoardBar(view, step, k);
  drawSeats(view, step, k, quizTurn(view, k));
}
function drawBoardBar(view, step, k) {
  const parts = view.parts;
  const board = isBoard(view);
  const asks = (step.asks || []).length > 0 && Boolean(step.to_play);
  parts.boardbar.hidden = !board && !asks;
  for (const btn of Object.values(parts.board)) btn.hidden = !board;
  const over = !step.to_play;
  parts.board.back.disabled = k === 0;
  parts.board.best.disabled = over;
  parts.board.playout.disabled = over;
  parts.board.promote.disabled = Boolean(step.main);
  parts.board.del.disabled = Boolean(step.main);
  if (view.ask && view.ask.node !== step.id) view.ask = null;
  const on = Boolean(asks && view.ask && view.ask.on);
  const versionB = view.payload.reveal === "B";
  parts.ask.hidden = !asks && !versionB;
  parts.ask.disabled = !asks;
  parts.ask.setAttribute("aria-pressed", on ? "true" : "false");
  parts.ask.classList.toggle("mr-on", on);
  parts.ask.textContent = say(on ? "board.asking" : "board.ask");
  drawRecording(view, step, k);
}
function syncOptions(view) {
  for (const input of view.parts.options.querySelectorAll("input[data-option]")) {
    const name = input.dataset.option;
    const value = option(view, name, name === "show_played");
    input.checked = name === "scale" ? Number(value) > 1.01 : Boolean(value);
  }
  for (const select of view.parts.options.querySelectorAll("select[data-option]")) {
    const name = select.dataset.option;
    select.value = option(view, name, name === "quiz_grade" ? "chances" : "") || "";
  }
}

// mendikot_replay/views/static/board.js
function render({ model, el }) {
  const view = { model, root: null, parts: {}, quiz: null, payload: null, line: null, ask: null, holding: false, menuOpen: false };
  view.redraw = () => update(view);
  const root = h("div", {
    class: "mr-viewer",
    "data-testid": "mr-viewer",
    tabindex: "0",
    role: "group",
    "data-lm-suppress-shortcuts": "true",
    "aria-keyshortcuts": "ArrowLeft ArrowRight ArrowUp ArrowDown PageUp PageDown Home End t Shift+T n Shift+N Shift+ArrowRight Shift+ArrowLeft"
  });
  view.root = root;
  el.append(root);
  const rebuild = () => build(view);
  const refresh = () => {
    if (!view.holding) update(view);
  };
  const onNotice = () => {
    if (view.payload) drawNotice(view);
  };
  const onKey = (event) => keydown(view, event);
  const onPointer = (event) => {
    if (!event.target.closest("button, input, select, textarea, a, summary, [contenteditable]")) {
      root.focus({ preventScroll: true });
    }
  };
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", onPointer);
  const names = [
    "step",
    "path",
    "hidden_seats",
    "show_played",
    "scale",
    "presentation",
    "four_color",
    "quiz_seat",
    "analyse",
    "analysis",
    "board",
    "dirty",
    "chances",
    "chance_graph",
    "quiz_grade",
    "quiz_odds"
  ];
  model.on("change:data", rebuild);
  model.on("change:notice", onNotice);
  for (const name of names) model.on(`change:${name}`, refresh);
  rebuild();
  return () => {
    model.off("change:data", rebuild);
    model.off("change:notice", onNotice);
    for (const name of names) model.off(`change:${name}`, refresh);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("pointerdown", onPointer);
    root.remove();
  };
}
function button(view, testid, text, move) {
  const label = say(`board.nav.${move}`);
  return h("button", {
    type: "button",
    class: "mr-btn",
    "data-testid": testid,
    "aria-label": label,
    title: say("board.nav.title", { label, keys: say(`board.nav.${move}.keys`) }),
    text,
    onclick: () => go(view, MOVES[move](view))
  });
}
function build(view) {
  const started = performance.now();
  const root = view.root;
  useWords(view.model.get("words"));
  const payload = readPayload(view.model.get("data"));
  view.payload = payload;
  view.quiz = null;
  view.line = null;
  view.ask = null;
  view.menuOpen = false;
  root.classList.remove("mr-menu-open");
  root.classList.remove("mr-setting-up");
  if (payload.form && payload.version === PAYLOAD_VERSION) {
    buildForm(view);
    root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
    return;
  }
  if (payload.entry && payload.version === PAYLOAD_VERSION) {
    buildEntry(view);
    root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
    return;
  }
  root.classList.remove("mr-entering");
  root.replaceChildren();
  const parts = view.parts = {};
  root.setAttribute("aria-label", say("board.label", { title: payload.title || say("board.label_untitled") }));
  if (payload.version !== PAYLOAD_VERSION) {
    root.append(h("p", { class: "mr-error", text: say("board.bad_version") }));
    return;
  }
  const head = h(
    "div",
    { class: "mr-head" },
    h("div", { class: "mr-title", role: "heading", "aria-level": "3" }, bdi(payload.title || "")),
    payload.subtitle ? h("div", { class: "mr-subtitle" }, sentence(payload.subtitle)) : null,
    h("div", { class: "mr-rules", text: rulesLine(payload) })
  );
  const question = (payload.deal_comments || [])[0];
  if (question) head.append(h("div", { class: "mr-question", "data-testid": "mr-question" }, bdi(question)));
  root.append(head);
  if (payload.error) {
    root.append(h("p", { class: "mr-error", role: "alert", text: say("board.problem", { problem: payload.error }) }));
  }
  if (!nodes(view).length) {
    root.append(h("p", { class: "mr-error", text: say("page.nothing") }));
    root.dataset.step = "0";
    root.dataset.node = "0";
    root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
    return;
  }
  parts.slider = h("input", {
    type: "range",
    class: "mr-slider",
    min: "0",
    max: "0",
    step: "1",
    value: "0",
    "data-testid": "mr-slider",
    "aria-label": say("board.slider"),
    oninput: (event) => go(view, Number(event.target.value))
  });
  parts.stepText = h("span", { class: "mr-steptext", "data-testid": "mr-step" });
  parts.trickText = h("span", { class: "mr-tricktext", "data-testid": "mr-trick-text" });
  parts.lineText = h("span", { class: "mr-linetext", "data-testid": "mr-line" });
  const controls = h(
    "div",
    { class: "mr-controls", role: "toolbar", "aria-label": say("board.controls") },
    button(view, "mr-first", "|◀", "first"),
    button(view, "mr-prev-trick", "◀◀", "prevTrick"),
    button(view, "mr-prev", "◀", "prev"),
    button(view, "mr-next", "▶", "next"),
    button(view, "mr-next-trick", "▶▶", "nextTrick"),
    button(view, "mr-last", "▶|", "last"),
    h("span", { class: "mr-sep", "aria-hidden": "true" }),
    button(view, "mr-prev-ten", "◀ 10", "prevTen"),
    button(view, "mr-next-ten", "10 ▶", "nextTen"),
    button(view, "mr-prev-note", "◀ ✎", "prevNote"),
    button(view, "mr-next-note", "✎ ▶", "nextNote"),
    h("span", { class: "mr-sep", "aria-hidden": "true" }),
    h("button", {
      type: "button",
      class: "mr-btn mr-menubtn",
      "data-testid": "mr-menu",
      "aria-expanded": "false",
      "aria-label": say("board.menu_label"),
      title: say("board.menu_label"),
      text: say("board.menu"),
      onclick: () => toggleMenu(view)
    })
  );
  parts.say = h("div", { class: "mr-say", "data-testid": "mr-say", role: "status", "aria-live": "polite" });
  const where = h("div", { class: "mr-where" }, parts.trickText, " · ", parts.stepText, parts.lineText);
  root.append(controls, h("div", { class: "mr-sliderrow" }, parts.slider, where), buildBoardBar(view), parts.say);
  root.append(buildOptions(view));
  parts.quiz = h("div", { class: "mr-quiz", "data-testid": "mr-quiz", role: "status", "aria-live": "polite", hidden: true });
  root.append(parts.quiz);
  const players = payload.players;
  const layout = LAYOUT[players] || LAYOUT[4];
  const table = h("div", { class: `mr-tablearea mr-n${players}` });
  table.style.gridTemplateAreas = layout.areas.join(" ");
  table.style.gridTemplateColumns = layout.cols;
  table.addEventListener("click", (event) => {
    const chip = event.target.closest("[data-card]");
    const panel = chip && chip.closest(".mr-seat");
    if (!panel || chip.tagName === "BUTTON") return;
    clickCard(view, panel.dataset.seat, chip.dataset.card);
  });
  parts.seats = {};
  for (const seat of payload.seats) {
    const panel = h("section", {
      class: `mr-seat mr-team-${payload.teams[seat]}`,
      "data-testid": `mr-seat-${seat}`,
      "data-seat": seat
    });
    panel.style.gridArea = `s${seat}`;
    parts.seats[seat] = panel;
    table.append(panel);
  }
  parts.center = h("div", { class: "mr-center", "data-testid": "mr-table", role: "group", "aria-label": say("board.table") });
  parts.center.style.gridArea = "tbl";
  table.append(parts.center);
  parts.trump = h("div", { class: "mr-box mr-trump", "data-testid": "mr-trump" });
  parts.counts = h("div", { class: "mr-box mr-counts", "data-testid": "mr-counts" });
  parts.pile = h("div", { class: "mr-box mr-pile", "data-testid": "mr-pile", hidden: payload.capture !== "Dehla" });
  parts.ledgerList = h("ul", { class: "mr-ledgerlist" });
  parts.ledger = h(
    "div",
    { class: "mr-box mr-ledger", "data-testid": "mr-ledger", role: "group", "aria-label": say("board.ledger") },
    h("div", { class: "mr-boxtitle", text: say((payload.all_tens || 4) === 8 ? "board.tens.8" : "board.tens.4") }),
    parts.ledgerList
  );
  parts.result = h("div", { class: "mr-result", "data-testid": "mr-result", role: "status", hidden: true });
  parts.dd = h("div", {
    class: "mr-box mr-dd",
    "data-testid": "mr-dd",
    role: "status",
    "aria-live": "polite",
    "aria-label": say("board.dd.box"),
    hidden: true
  });
  parts.notes = h("div", { class: "mr-box mr-notes", "data-testid": "mr-notes", "aria-label": say("board.notes.box") });
  parts.editor = buildEditor(view) || null;
  const side = h("div", { class: "mr-side" }, parts.result, parts.dd, parts.trump, parts.counts, parts.pile, parts.ledger, parts.notes, parts.editor);
  parts.moves = buildMoves(view);
  parts.chances = buildChances(view);
  parts.tabs = parts.chances ? buildTabs(view) : null;
  parts.body = h("div", { class: "mr-body" }, parts.tabs, table, side, parts.moves, parts.chances);
  root.append(parts.body);
  parts.pointList = h("ol", { class: "mr-pointlist" });
  parts.pointSummary = h("summary");
  parts.pointEmpty = h("p", { class: "mr-dim", text: say("board.notes.none") });
  parts.pointButtons = [];
  parts.pointsKey = null;
  parts.points = h("details", { class: "mr-points", "data-testid": "mr-points", open: true }, parts.pointSummary, parts.pointList, parts.pointEmpty);
  if ((payload.deal_comments || []).length) {
    parts.points.append(
      h("div", { class: "mr-dealnotes" }, ...payload.deal_comments.map((c) => h("p", null, bdi(c))))
    );
  }
  root.append(parts.points);
  parts.menu = h(
    "div",
    { class: "mr-menu", "data-testid": "mr-menu-panel", role: "group", "aria-label": say("board.menu_label") },
    h("button", { type: "button", class: "mr-btn mr-menuclose", "data-testid": "mr-menu-close", text: say("board.menu_done"), onclick: () => toggleMenu(view) })
  );
  root.append(parts.menu);
  update(view);
}
function update(view) {
  const started = performance.now();
  const root = view.root;
  const payload = view.payload;
  const all = nodes(view);
  if (!payload || !all.length || !view.parts.slider) return;
  const line = lineOf(view);
  const k = current(view);
  const id = line.ids[k];
  const step = all[id];
  const parts = view.parts;
  const scale = Number(option(view, "scale", 1)) || 1;
  root.style.setProperty("--mr-scale", String(scale));
  root.classList.toggle("mr-4c", Boolean(option(view, "four_color", false)));
  const present = Boolean(option(view, "presentation", false));
  root.classList.toggle("mr-large", scale > 1.01 && !present);
  root.classList.toggle("mr-present", present);
  if (present) root.dataset.presentation = "1";
  else delete root.dataset.presentation;
  if (present !== Boolean(view.wasPresent) && view.menuOpen) toggleMenu(view);
  view.wasPresent = present;
  placeMenu(view, present);
  placeChances(view, present);
  root.classList.toggle("mr-board", isBoard(view));
  root.dataset.step = String(k);
  root.dataset.node = String(id);
  if (view.quiz && view.quiz.node !== id) view.quiz = null;
  const last = line.ids.length - 1;
  if (parts.slider.max !== String(last)) parts.slider.max = String(last);
  parts.slider.value = String(k);
  parts.slider.setAttribute("aria-valuetext", say("board.card_of", { card: k, cards: last }));
  parts.stepText.textContent = say(k ? "board.card_of" : "board.start_card", { card: k, cards: last });
  const branch = step.main ? -1 : line.ids.findIndex((node) => !nodes(view)[node].main);
  parts.trickText.textContent = say(step.table.length ? "board.trick" : "board.before_trick", { trick: step.trick });
  const depth = step.depth || 0;
  parts.lineText.hidden = Boolean(step.main);
  parts.lineText.textContent = step.main ? "" : ` · ${say(depth > 1 ? "board.variation_deep" : "board.variation", { depth, card: k - branch + 1, cards: last - branch + 1 })}`;
  delete parts.say.dataset.notice;
  parts.say.replaceChildren(...sentence(step.text));
  syncOptions(view);
  drawBoardBar(view, step, k);
  const quizSeat = quizTurn(view, k);
  drawSeats(view, step, k, quizSeat);
  drawCenter(view, step, k);
  drawAnalysis(view, step, k, quizSeat);
  drawTrump(view, step);
  drawCounts(view, step);
  drawPile(view, step);
  drawLedger(view, step);
  drawResult(view, step, k);
  drawNotes(view, step, k);
  drawQuiz(view, k, quizSeat);
  drawPoints(view, line);
  for (const btn of parts.pointButtons) {
    const here = Number(btn.dataset.step) === k;
    btn.classList.toggle("mr-here", here);
    if (here) btn.setAttribute("aria-current", "step");
    else btn.removeAttribute("aria-current");
  }
  drawChances(view);
  drawMoves(view);
  drawEditor(view, id);
  drawNotice(view);
  root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
}

// mendikot_replay/views/static/mount.js
function createModel(payload, options) {
  const values = {
    data: payload,
    path: payload && Array.isArray(payload.main_line) ? payload.main_line.slice() : [],
    step: 0,
    hidden_seats: [],
    show_played: true,
    scale: 1,
    four_color: false,
    quiz_seat: "",
    analyse: false,
    analysis: payload ? payload.analysis : void 0,
    ...options || {}
  };
  const listeners = /* @__PURE__ */ new Map();
  return {
    get: (name) => values[name],
    set(name, value) {
      if (values[name] === value) return;
      values[name] = value;
      for (const fn of [...listeners.get(`change:${name}`) || []]) fn();
    },
    on(name, fn) {
      if (!listeners.has(name)) listeners.set(name, /* @__PURE__ */ new Set());
      listeners.get(name).add(fn);
    },
    off(name, fn) {
      if (listeners.has(name)) listeners.get(name).delete(fn);
    },
    save_changes() {
    }
  };
}
function mountStatic(el, payload, options) {
  const model = createModel(payload, options);
  const destroy = render({ model, el });
  return { model, destroy };
}
function mountAll(selector) {
  const mounted = [];
  for (const box of document.querySelectorAll(selector)) {
    if (box.hasAttribute("data-mr-mounted")) continue;
    const source = box.querySelector("script[data-mr-payload]");
    const still = box.querySelector("[data-mr-static]");
    if (!source || !still) continue;
    box.setAttribute("data-mr-mounted", "true");
    const host = document.createElement("div");
    host.className = "mr-host";
    still.before(host);
    const payload = JSON.parse(source.textContent);
    const words2 = box.querySelector("script[data-mr-words]") || document.querySelector("script[data-mr-words]");
    const options = { analyse: Boolean(payload.analysis), words: words2 ? JSON.parse(words2.textContent) : void 0 };
    mounted.push(mountStatic(host, payload, options));
    still.hidden = true;
  }
  return mounted;
}
function mountPage() {
  mountAll("[data-mr-embed]");
  document.documentElement.classList.add("mr-js");
  const deals = [...document.querySelectorAll(".mr-deal")];
  const picker = document.querySelector(".mr-dealpicker");
  if (deals.length < 2 || !picker) return;
  const select = picker.querySelector("select");
  const show = (n) => {
    const k = Math.max(1, Math.min(deals.length, n));
    deals.forEach((deal, i) => {
      deal.hidden = i + 1 !== k;
    });
    select.value = String(k);
    if (history.replaceState) history.replaceState(null, "", `#deal-${k}`);
  };
  picker.hidden = false;
  select.addEventListener("change", () => show(Number(select.value)));
  picker.querySelector("[data-testid=mr-prev-deal]").addEventListener("click", () => show(Number(select.value) - 1));
  picker.querySelector("[data-testid=mr-next-deal]").addEventListener("click", () => show(Number(select.value) + 1));
  const wanted = /^#deal-(\d+)$/.exec(location.hash);
  show(wanted ? Number(wanted[1]) : 1);
}

// mendikot_replay/views/static/viewer.js
var viewer_default = { render };
export {
  createModel,
  viewer_default as default,
  mountAll,
  mountPage,
  mountStatic
};

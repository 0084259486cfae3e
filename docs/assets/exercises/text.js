// The exercises' and the Explain panel's sentences in English and Japanese, a small DOM
// builder, and the exercises' stylesheet (added to the page once).

const TEXT = {
  en: {
    loading: "Loading the engine to check your answers…",
    engineFailed: "The engine could not be loaded, so answers cannot be checked here; the answer below is still computed by the engine.",
    pick: "Pick a move on the board or in the list, then check it.",
    moveList: "Or choose a move:",
    choose: "— choose a move —",
    check: "Check",
    checkMove: "Check this move",
    noWin: "No move wins here",
    hint: "Hint",
    hintOf: "Hint {i} of {n}",
    noMoreHints: "No more hints: the answer is below.",
    showAnswer: "Show the answer",
    answerAfter: "The answer opens after your first attempt.",
    right: "Right: {move} leaves {to}, a P-position.",
    found: "There are {n} winning moves here; you have found {k}.",
    foundOne: "This is the only winning move.",
    foundAll: "You have found all {n}.",
    lookOthers: "Look for the others: try another move.",
    wrongMove: "Not a winning move: {move} leaves {to}, an N-position{value}. Your opponent would answer: {reply}.",
    wrongNone: "{move} leaves {to}, an N-position{value}: here no move wins, so every move does that.",
    valueOf: " (Grundy value {g})",
    rightNone: "Right: {pos} is a P-position: every move leads to an N-position.",
    wrongClaim: "There is a winning move here: {pos} is an N-position{value}.",
    yourValue: "Your answer",
    rightValue: "Right: G{pos} = {g}.",
    wrongValue: "{v} is not the Grundy value of {pos}. Try again, or take a hint.",
    notRight: "Not right.",
    badNumber: "Type a whole number (0, 1, 2, …).",
    formula: "The theorem for this game ({theorem}): G = {expr}.",
    mexHint: "The Grundy value is the mex (the least whole number not among them) of the values of the options: {values}.",
    cellHelp: "Click or tap a cell to cycle it through P, N and blank; with the keyboard, Tab to the table, move across it with the arrow keys and press Enter or Space.",
    cellLabel: "{pos}: {v}",
    moveTo: "{move}, to {to}",
    cellChecked: "{cell}, {verdict}", cellRight: "right", cellWrong: "wrong",
    wrongCells: "Wrong: {cells}.",
    blank: "blank",
    tableResult: "{k} of {n} cells are right; {w} wrong (marked), {b} still blank.",
    tableSolved: "All {n} cells are right.",
    hintTerminal: "A position with no move left is a P-position: the player to move has lost.",
    hintRule: "A position is an N-position when some move leads to a P-position, and a P-position when every move leads to an N-position.",
    hintOrder: "Work upward from the smallest positions: every move lowers a coordinate, so the cells a move reaches are already filled.",
    hintTerminalMisere: "In misère play a position with no move left is an N-position: the player to move has won, since the opponent made the last move.",
    hintPass: "With the pass still available, the pass is one more move: it leaves the same heaps with no pass left, a position of the ordinary game, whose P-positions you know.",
    hintHeap: "A move is made in the game or in the heap of {n}. A move in the heap leaves the same position next to a smaller heap, so a cell is a P-position only if its position is an N-position next to every smaller heap (start with no heap: the game alone).",
    ruleTitle: "Now guess the rule: which of these describes your P-positions?",
    ruleHolds: "It holds for all {count} positions with {bound}, by the engine.",
    ruleFails: "It fails at {pos}: the rule says {says}, the engine says {truth}.",
    solved: "solved",
    progressLesson: "This lesson: {k} of {n} exercises solved.",
    progressAll: "All lessons",
    progressNone: "No exercise done yet.",
    lessonRow: "{lesson}: {k} of {n}",
    export: "Export progress",
    import: "Import progress",
    imported: "Progress imported.",
    importBad: "That file is not a progress file of this site.",
    teacher: "Teacher mode (show every answer)",
    explain: "Explain the best move",
    explainTitle: "Why this move?",
    explainWorking: "Asking the engine…",
    explainClose: "Close",
    options: "The options and their values",
    optionsMisere: "The options and their outcomes (misère play)",
    optionMove: "Move",
    optionTo: "Position",
    optionValue: "Value",
    optionOutcome: "Outcome",
    nimsum: "nim-sum",
  },
  ja: {
    loading: "答えを確かめるためにエンジンを読み込んでいます…",
    engineFailed: "エンジンを読み込めなかったので、ここでは答えを確かめられません。下の答えはエンジンで計算したものです。",
    pick: "盤面かリストで手を選び、確かめてください。",
    moveList: "またはリストから選ぶ:",
    choose: "— 手を選ぶ —",
    check: "確かめる",
    checkMove: "この手を確かめる",
    noWin: "勝つ手はない",
    hint: "ヒント",
    hintOf: "ヒント {i} / {n}",
    noMoreHints: "ヒントはここまでです。答えは下にあります。",
    showAnswer: "答えを見る",
    answerAfter: "答えは一度答えてから開けます。",
    right: "正解: 「{move}」で {to} になり、P 局面です。",
    found: "ここで勝つ手は {n} 通りあり、あなたは {k} 通り見つけました。",
    foundOne: "勝つ手はこの 1 通りだけです。",
    foundAll: "{n} 通りすべて見つけました。",
    lookOthers: "ほかの手も探してみましょう。",
    wrongMove: "勝つ手ではありません: 「{move}」で {to} になり、N 局面です{value}。相手はこう返します: {reply}。",
    wrongNone: "「{move}」で {to} になり、N 局面です{value}。ここではどの手も勝てません。",
    valueOf: " (グランディ数 {g})",
    rightNone: "正解: {pos} は P 局面で、どの手も N 局面へ行きます。",
    wrongClaim: "ここには勝つ手があります: {pos} は N 局面です{value}。",
    yourValue: "あなたの答え",
    rightValue: "正解: G{pos} = {g}。",
    wrongValue: "{v} は {pos} のグランディ数ではありません。もう一度、またはヒントをどうぞ。",
    notRight: "正しくありません。",
    badNumber: "0 以上の整数を入力してください。",
    formula: "このゲームの定理 ({theorem}): G = {expr}。",
    mexHint: "グランディ数は、行き先の値 {values} に含まれない最小の整数 (mex) です。",
    cellHelp: "マスをクリック (タップ) すると P、N、空欄の順に変わります。キーボードでは Tab で表に移り、矢印キーで動き、Enter か Space で変えます。",
    cellLabel: "{pos}: {v}",
    moveTo: "{move}、{to} へ",
    cellChecked: "{cell}、{verdict}", cellRight: "正解", cellWrong: "誤り",
    wrongCells: "誤り: {cells}。",
    blank: "空欄",
    tableResult: "{n} マス中 {k} マスが正解、{w} マスが誤り (印つき)、{b} マスが空欄です。",
    tableSolved: "{n} マスすべて正解です。",
    hintTerminal: "もう手のない局面は P 局面です。手番のプレイヤーの負けです。",
    hintRule: "P 局面へ行く手があれば N 局面、どの手も N 局面へ行くなら P 局面です。",
    hintOrder: "小さい局面から順に埋めましょう。どの手も座標を減らすので、行き先のマスはもう埋まっています。",
    hintTerminalMisere: "ミゼールでは、もう手のない局面は N 局面です。最後の手を指したのは相手なので、手番のプレイヤーの勝ちです。",
    hintPass: "パスがまだ使えるとき、パスも一つの手です。パスすると同じ局面でパスのないふつうのゲームになり、その P 局面はもうわかっています。",
    hintHeap: "手は表のゲームか石が {n} 個の山のどちらかで指します。山で指すと、同じ局面とより小さい山になります。だから、あるマスが P 局面になるのは、その局面がどの小さい山と並べても N 局面のときだけです (まず山のない場合、つまりゲームだけから考えましょう)。",
    ruleTitle: "規則を予想しましょう: P 局面を言い表しているのはどれですか。",
    ruleHolds: "{bound} の {count} 個の局面すべてで成り立ちます (エンジンで確認)。",
    ruleFails: "{pos} で成り立ちません: 規則では {says}、エンジンでは {truth} です。",
    solved: "正解済み",
    progressLesson: "このレッスン: {n} 問中 {k} 問正解。",
    progressAll: "すべてのレッスン",
    progressNone: "まだ解いた問題はありません。",
    lessonRow: "{lesson}: {n} 問中 {k} 問",
    export: "進み具合を書き出す",
    import: "進み具合を読み込む",
    imported: "進み具合を読み込みました。",
    importBad: "このサイトの進み具合のファイルではありません。",
    teacher: "先生モード (すべての答えを表示)",
    explain: "最善手を説明する",
    explainTitle: "なぜこの手なのか",
    explainWorking: "エンジンに問い合わせています…",
    explainClose: "閉じる",
    options: "行き先とその値",
    optionsMisere: "行き先とその勝敗 (ミゼール)",
    optionMove: "手",
    optionTo: "局面",
    optionValue: "値",
    optionOutcome: "勝敗",
    nimsum: "ニム和",
  },
};

/** The page language of an element ("ja" or "en"). */
export function langOf(node) {
  const lang = node.closest("[lang]")?.getAttribute("lang") || document.documentElement.lang || "en";
  return node.dataset.lang || (lang.startsWith("ja") ? "ja" : "en");
}

/** say(lang)(key, {fields}) -> the sentence with {fields} filled in. */
export function say(lang) {
  const table = TEXT[lang] || TEXT.en;
  return (key, fields = {}) => table[key].replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

/** el("tag.class", {property: value, on: {event: fn}}, ...children) -> element. */
export function el(spec, props = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag);
  if (classes.length) node.className = classes.join(" ");
  const { on = {}, attrs = {}, ...rest } = props;
  Object.assign(node, rest);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const [event, fn] of Object.entries(on)) node.addEventListener(event, fn);
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** A position as the papers write it: {10, 5, 5}. */
export function written(pos) {
  return `{${pos.join(", ")}}`;
}

/** Add the exercises' stylesheet to the page (once). */
export function addStyles() {
  if (document.querySelector("link[data-gx-styles]")) return;
  const link = el("link", { rel: "stylesheet", href: new URL("./exercises.css", import.meta.url).href });
  link.dataset.gxStyles = "";
  document.head.append(link);
}

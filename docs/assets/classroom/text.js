// The classroom pages' words in English and Japanese: say(lang)(key, {fields}).

const TEXT = {
  en: {
    title: "Title (optional)", due: "Due date (optional)", kind: "Task",
    "kind.find-move": "Find a winning move", "kind.grundy-value": "Grundy value",
    "kind.play": "Win against the computer", "kind.pn-table": "P/N table",
    upTo: "Coordinates up to", tooBig: "This table has {n} cells; {max} at most: choose a smaller bound.",
    pos: "Position", level: "Opponent", add: "Add the task", remove: "Remove",
    noTasks: "No task yet: choose a game, a position and a task, then add it.",
    make: "Make the link", copy: "Copy", copied: "Copied.", link: "The assignment's link:",
    needTask: "Add at least one task first.", tooMany: "An assignment holds {max} tasks at most.", loading: "Starting the engine…",
    badLink: "This assignment link is damaged or incomplete: ask your teacher for the link again.",
    dueOn: "Due: {due}", task: "Task {i}", playTask: "{game}: win from {pos} against the opponent “{level}” (you move first).",
    "q.find-move": "{game}: find a winning move from {pos}, or decide that there is none.",
    "q.grundy-value": "{game}: what is the Grundy value of {pos}?",
    "q.pn-table": "{game}: fill in the table: P or N for every position with coordinates up to {max}.",
    cells: "{n} cells filled: {answer}",
    qrCaption: "Or let your teacher scan this code: it opens your result on the teacher's results page.",
    qrLabel: "QR code of the link to this result on the teacher's results page",
    won: "✓ Won", handIn: "Hand in", name: "Your name", needName: "Enter your name first.",
    codeIntro: "Your result code: copy it and give it to your teacher (it holds your answers).",
    resultsLink: "Open this result on the teacher's results page",
    print: "Print the answer sheet", sheet: "Answer sheet", student: "Name", solved: "solved",
    notSolved: "not solved", attempts: "attempts", hints: "hints", answer: "answer",
    none: "no winning move", summary: "{k} of {n} tasks solved",
    paste: "Result codes (as many as you like, as you received them)", read: "Read the codes", drop: "Or drop exported files here (.txt, .csv)",
    clear: "Clear the results", csv: "Export CSV", sortBy: "Sort by",
    "sort.name": "name", "sort.solved": "tasks solved",
    empty: "No results yet.", checking: "checking…", checked: "checked by the engine",
    right: "right", wrong: "wrong", rejected: "Rejected ({line}): {why}",
    "why.changed": "this code reads as a result, but it does not match its checksum: it changed after it was made, by an edit or in copying. Ask the student to hand in again from the assignment page.",
    "why.damaged": "this code is damaged: it does not match its checksum and cannot be read, as when characters are lost or changed in copying. Ask the student for the code again.",
    "why.incomplete": "this code is cut short (its end is missing). Copy the whole code, or ask the student for it again.",
    "why.version": "this code was made by a newer version of this site: reload this page.",
    "why.result": "this is not a result code.", "why.assignment": "the assignment inside this code cannot be read.",
    added: "{n} result(s) added.", total: "Verified",
    untitled: "Assignment without a title",
    shown: "answer shown", teacherOn: "teacher mode was on",
    qrTooLong: "This result's link ({n} characters) is too long for one QR code: copy the result code above and give it to your teacher, or send them the link.",
    undoClear: "Undo the clearing", cleared: "The results were cleared. “Undo the clearing” brings them back.",
    allChecked: "Every answer has been checked by the engine: only verified answers count.",
    claimsNotCounted: "{n} claim(s) not verified, not counted",
    sameName: "{n} codes under this name",
    verified: "solved (verified by the engine)", noAnswer: "no answer", wrongAnswer: "not solved",
    claimNoAnswer: "The code says solved but holds no answer to check: not counted.",
    claimWrong: "The code says solved but the engine finds its answer wrong: not counted.",
    claimWrongV1: "The code says solved but holds a wrong answer (codes of the site's first version kept the last answer tried): not counted.",
    fits: "A student's result for these tasks fits in one QR code (about {k} tasks like these would).",
    noFit: "A student's result for these tasks may be too long for one QR code (about {k} tasks like these fit): students will then copy their result code or send its link instead.",
  },
  ja: {
    title: "題名 (なくてもよい)", due: "締め切り (なくてもよい)", kind: "課題",
    "kind.find-move": "勝つ手を見つける", "kind.grundy-value": "グランディ数",
    "kind.play": "コンピュータに勝つ", "kind.pn-table": "P/N 表",
    upTo: "座標の上限", tooBig: "この表は {n} マスあります。{max} マスまでです。上限を小さくしてください。",
    pos: "局面", level: "相手", add: "課題を加える", remove: "削除",
    noTasks: "課題はまだありません。ゲーム、局面、課題を選んで加えてください。",
    make: "リンクを作る", copy: "コピー", copied: "コピーしました。", link: "課題のリンク:",
    needTask: "先に課題を 1 つ以上加えてください。", tooMany: "1 つの課題に入れられるのは {max} 問までです。", loading: "エンジンを起動しています…",
    badLink: "この課題のリンクは壊れているか、途中で切れています。先生にもう一度リンクをもらってください。",
    dueOn: "締め切り: {due}", task: "課題 {i}", playTask: "{game}: 局面 {pos} から相手「{level}」に勝ってください (あなたが先手)。",
    "q.find-move": "{game}: 局面 {pos} から勝つ手を見つけてください (なければ「勝つ手はない」)。",
    "q.grundy-value": "{game}: 局面 {pos} のグランディ数はいくつですか。",
    "q.pn-table": "{game}: 座標がすべて {max} 以下の局面について、表に P か N を書き入れてください。",
    cells: "{n} マス記入: {answer}",
    qrCaption: "または先生にこのコードを読み取ってもらってください。先生の結果ページであなたの結果が開きます。",
    qrLabel: "先生の結果ページでこの結果を開くリンクの QR コード",
    won: "✓ 勝ち", handIn: "提出する", name: "あなたの名前", needName: "先に名前を入れてください。",
    codeIntro: "あなたの結果コードです。コピーして先生に渡してください (答えが入っています)。",
    resultsLink: "この結果を先生の結果ページで開く",
    print: "解答用紙を印刷する", sheet: "解答用紙", student: "名前", solved: "正解",
    notSolved: "未正解", attempts: "試行", hints: "ヒント", answer: "答え",
    none: "勝つ手はない", summary: "{n} 問中 {k} 問正解",
    paste: "結果コード (いくつでも、受け取ったままで)", read: "コードを読む", drop: "または書き出したファイル (.txt、.csv) をここにドロップしてください",
    clear: "結果を消す", csv: "CSV に書き出す", sortBy: "並べ替え",
    "sort.name": "名前", "sort.solved": "正解数",
    empty: "結果はまだありません。", checking: "確認中…", checked: "エンジンで確認",
    right: "正しい", wrong: "誤り", rejected: "受け付けません ({line}): {why}",
    "why.changed": "このコードは結果として読めますが、チェックサムが合いません。作られた後に、書き換えかコピーのときの誤りで変わっています。課題のページからもう一度提出するよう生徒に頼んでください。",
    "why.damaged": "このコードは壊れています。チェックサムが合わず、読むこともできません。コピーのときに文字が欠けたり変わったりするとこうなります。生徒にもう一度コードをもらってください。",
    "why.incomplete": "このコードは途中で切れています (最後の部分がありません)。コード全体をコピーするか、生徒にもう一度もらってください。",
    "why.version": "このコードはこのサイトの新しい版で作られています。このページを再読み込みしてください。",
    "why.result": "結果コードではありません。", "why.assignment": "このコードの中の課題が読めません。",
    added: "{n} 件の結果を加えました。", total: "確認済みの正解",
    untitled: "題名のない課題",
    shown: "答えを表示した", teacherOn: "先生モードがオンだった",
    qrTooLong: "この結果のリンク ({n} 文字) は長すぎて 1 つの QR コードに入りません。上の結果コードをコピーして先生に渡すか、リンクを送ってください。",
    undoClear: "消す前に戻す", cleared: "結果を消しました。「消す前に戻す」で元に戻せます。",
    allChecked: "すべての答えをエンジンで確認しました。確認できた答えだけを数えます。",
    claimsNotCounted: "確認できない「正解」{n} 件は数えていません",
    sameName: "この名前のコードが {n} 件あります",
    verified: "正解 (エンジンで確認)", noAnswer: "答えなし", wrongAnswer: "未正解",
    claimNoAnswer: "コードには「正解」とありますが、確かめる答えが入っていません。数えていません。",
    claimWrong: "コードには「正解」とありますが、入っている答えはエンジンによると誤りです。数えていません。",
    claimWrongV1: "コードには「正解」とありますが、入っている答えは誤りです (このサイトの最初の版のコードは最後に試した答えを記録していました)。数えていません。",
    fits: "これらの課題の生徒の結果は 1 つの QR コードに入ります (このような課題なら約 {k} 問まで)。",
    noFit: "これらの課題の生徒の結果は 1 つの QR コードに入らないことがあります (このような課題なら約 {k} 問まで)。そのときは生徒が結果コードをコピーするか、リンクを送ります。",
  },
};

/** say(lang)(key, {fields}) -> the sentence with {fields} filled in. */
export function say(lang) {
  const table = TEXT[lang] || TEXT.en;
  const t = (key, fields = {}) => table[key].replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
  t.lang = lang;
  return t;
}

/** The classroom's stylesheet, once. */
export function addStyles() {
  if (document.querySelector("link[data-classroom]")) return;
  const link = document.createElement("link");
  Object.assign(link, { rel: "stylesheet", href: new URL("./classroom.css", import.meta.url).href });
  link.dataset.classroom = "";
  document.head.append(link);
}

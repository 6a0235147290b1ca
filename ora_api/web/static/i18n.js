// i18n.js: the page's own words in English, Greek and Russian. The game's words (goods,
// terrain, verbs, phases, colours) come from the server in the chosen locale (game.view and
// rules.catalog with `locale`); only the labels of the page itself live here.

export const LOCALES = { en: "English", el: "Ελληνικά", ru: "Русский" };

const WORDS = {
  el: {
    "All games": "Όλα τα παιχνίδια", "Replay": "Επανάληψη", "Watch": "Παρακολούθηση",
    "Your move": "Η σειρά σας", "Game over": "Τέλος παιχνιδιού", "Waiting for {who}": "Αναμονή για {who}",
    "Production wheel": "Τροχός παραγωγής", "Buildings for sale": "Κτίρια προς πώληση",
    "Market": "Αγορά", "At home": "Στο σπίτι", "Settlements in hand": "Εγκαταστάσεις στο χέρι",
    "Start player": "Πρώτος παίκτης", "Seat {n}": "Θέση {n}", "to move": "παίζει",
    "Cost": "Κόστος", "Terrain": "Έδαφος", "Points": "Πόντοι", "Dwelling value": "Αξία κατοικίας",
    "Cloister": "Μοναστήρι", "nothing": "τίποτα", "Close": "Κλείσιμο", "Back": "Πίσω",
    "Play this move": "Παίξτε την κίνηση", "What this move does": "Τι κάνει η κίνηση",
    "Moves on the board": "Κινήσεις στο ταμπλό", "Language": "Γλώσσα",
    "New game": "Νέο παιχνίδι", "Games": "Παιχνίδια", "Create game": "Δημιουργία",
    "Players": "Παίκτες", "Variant": "Παραλλαγή", "Length": "Διάρκεια", "Seed": "Σπόρος",
    "Your name": "Το όνομά σας", "Visibility": "Ορατότητα", "you": "εσείς",
    "with the joker": "με τον τζόκερ", "Food": "Τροφή", "Energy": "Ενέργεια",
    "No legal move here.": "Καμία νόμιμη κίνηση εδώ.", "Loading…": "Φόρτωση…",
    "Score so far (provisional)": "Βαθμολογία ως τώρα (προσωρινή)", "Final score": "Τελική βαθμολογία",
    "Moves played": "Κινήσεις", "Move list": "Λίστα κινήσεων", "Total": "Σύνολο",
    "Goods": "Αγαθά", "Buildings": "Κτίρια", "Settlements": "Εγκαταστάσεις",
    "Forest": "Δάσος", "Moor": "Βάλτος", "District": "Περιοχή", "Plot": "Οικόπεδο",
    "Work contract": "Σύμβαση εργασίας", "Wonders left": "Θαύματα", "Stacks": "Στοίβες",
    "{n} left": "{n} ακόμη",
    "Fell the trees to take wood; the space is then free to build on.":
      "Κόψτε τα δέντρα για ξύλο· ο χώρος μένει ελεύθερος για κτίσιμο.",
    "Cut the peat to take peat; the space is then free to build on.":
      "Μαζέψτε την τύρφη· ο χώρος μένει ελεύθερος για κτίσιμο.",
  },
  ru: {
    "All games": "Все игры", "Replay": "Повтор", "Watch": "Смотреть",
    "Your move": "Ваш ход", "Game over": "Игра окончена", "Waiting for {who}": "Ждём: {who}",
    "Production wheel": "Производственное колесо", "Buildings for sale": "Здания на продажу",
    "Market": "Рынок", "At home": "Дома", "Settlements in hand": "Поселения в руке",
    "Start player": "Первый игрок", "Seat {n}": "Место {n}", "to move": "ходит",
    "Cost": "Цена", "Terrain": "Местность", "Points": "Очки", "Dwelling value": "Жилая ценность",
    "Cloister": "Монастырь", "nothing": "ничего", "Close": "Закрыть", "Back": "Назад",
    "Play this move": "Сделать ход", "What this move does": "Что делает ход",
    "Moves on the board": "Ходы на поле", "Language": "Язык",
    "New game": "Новая игра", "Games": "Игры", "Create game": "Создать игру",
    "Players": "Игроки", "Variant": "Вариант", "Length": "Длина", "Seed": "Зерно",
    "Your name": "Ваше имя", "Visibility": "Видимость", "you": "вы",
    "with the joker": "с джокером", "Food": "Еда", "Energy": "Энергия",
    "No legal move here.": "Здесь нет допустимых ходов.", "Loading…": "Загрузка…",
    "Score so far (provisional)": "Счёт (предварительный)", "Final score": "Итоговый счёт",
    "Moves played": "Сыгранные ходы", "Move list": "Список ходов", "Total": "Итого",
    "Goods": "Товары", "Buildings": "Здания", "Settlements": "Поселения",
    "Forest": "Лес", "Moor": "Болото", "District": "Район", "Plot": "Участок",
    "Work contract": "Трудовой договор", "Wonders left": "Осталось чудес", "Stacks": "Стопки",
    "{n} left": "осталось {n}",
    "Fell the trees to take wood; the space is then free to build on.":
      "Срубите лес, чтобы взять древесину; клетка освобождается для стройки.",
    "Cut the peat to take peat; the space is then free to build on.":
      "Добудьте торф; клетка освобождается для стройки.",
  },
};

// The words of the take-backs and the turn notices (takeback.js, notify.js).
Object.assign(WORDS.el, {
  "Take-back": "Αναίρεση", "Take back": "Αναίρεση κίνησης", "Take back to": "Αναίρεση έως",
  "Back to the start": "Πίσω στην αρχή", "Back to after move {n}": "Πίσω μετά την κίνηση {n}",
  "{who} asks to take the game back to after move {n}.":
    "{who}: αίτημα επιστροφής του παιχνιδιού μετά την κίνηση {n}.",
  "{who} asks to take the game back to the start.":
    "{who}: αίτημα επιστροφής του παιχνιδιού στην αρχή.",
  "Moves taken back: {k}.": "Κινήσεις που αναιρούνται: {k}.",
  "Accept": "Αποδοχή", "Refuse": "Άρνηση",
  "Waiting for {who} to agree.": "Αναμονή για συναίνεση: {who}.",
  "The moves after move {n} were taken back.": "Οι κινήσεις μετά την κίνηση {n} αναιρέθηκαν.",
  "{who} refused the take-back.": "{who}: άρνηση της αναίρεσης.",
  "The take-back lapsed: a move was played.": "Το αίτημα αναίρεσης έληξε: παίχτηκε κίνηση.",
  "Notify me on my turn": "Ειδοποίηση όταν είναι η σειρά μου",
  "It is your move in game {id}.": "Είναι η σειρά σας στο παιχνίδι {id}.",
  "taken back": "αναιρέθηκε",
});
Object.assign(WORDS.ru, {
  "Take-back": "Отмена хода", "Take back": "Отменить ход", "Take back to": "Отменить до",
  "Back to the start": "К началу игры", "Back to after move {n}": "К позиции после хода {n}",
  "{who} asks to take the game back to after move {n}.":
    "{who}: просьба вернуть игру к позиции после хода {n}.",
  "{who} asks to take the game back to the start.": "{who}: просьба вернуть игру к началу.",
  "Moves taken back: {k}.": "Отменяемых ходов: {k}.",
  "Accept": "Принять", "Refuse": "Отказать",
  "Waiting for {who} to agree.": "Ждём согласия: {who}.",
  "The moves after move {n} were taken back.": "Ходы после хода {n} отменены.",
  "{who} refused the take-back.": "{who}: отказ в отмене хода.",
  "The take-back lapsed: a move was played.": "Просьба об отмене снята: сделан ход.",
  "Notify me on my turn": "Уведомлять о моём ходе",
  "It is your move in game {id}.": "Ваш ход в игре {id}.",
  "taken back": "отменён",
});

export function locale() {
  const chosen = localStorage.getItem("ora.locale");
  return chosen in LOCALES ? chosen : "en";
}

export function setLocale(code) {
  localStorage.setItem("ora.locale", code in LOCALES ? code : "en");
  document.documentElement.lang = locale();
}

/** The page's word `text` in the chosen locale, with `{name}` filled from `values`. */
export function t(text, values = {}) {
  const word = WORDS[locale()]?.[text] ?? text;
  return word.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}

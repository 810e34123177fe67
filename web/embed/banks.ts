// The banks of our lessons travel inside the quiz and review embeds (no fetch,
// so no CORS in a sandbox).
import lesson01 from '../../public/banks/lesson-01.json?raw';
import reading01 from '../../public/banks/reading-01.json?raw';
import block01 from '../../public/banks/block-01.json?raw';

const banks: Record<string, string> = { 'lesson-01': lesson01, 'reading-01': reading01, 'block-01': block01 };
export default banks;

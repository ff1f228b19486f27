import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { StreamChapter } from '@contracts/streaming';
import { PLAYER_MAX_WIDTH } from '../player-frame';

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The chapter playing at `time`: the last one that started at or before it. */
export function chapterAt(chapters: readonly StreamChapter[], time: number): number {
  let at = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.START <= time) at = index;
  });
  return at;
}

interface Props {
  chapters: readonly StreamChapter[];
  /** The chapter playing now (aria-current), or -1. */
  current: number;
  onJump: (start: number) => void;
}

/** The video's table of contents under the player: each chapter a button that jumps there and plays. */
export function ChapterList({ chapters, current, onJump }: Props) {
  if (chapters.length === 0) return null;
  return (
    <Box component="nav" aria-labelledby="chapters-heading" sx={{ mt: 2, maxWidth: PLAYER_MAX_WIDTH }}>
      <Typography id="chapters-heading" variant="h6" component="h2" gutterBottom>
        Chapters
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {chapters.map((chapter, index) => (
          <li key={`${chapter.START}-${index}`}>
            <Button
              onClick={() => onJump(chapter.START)}
              aria-current={index === current ? 'true' : undefined}
              color="inherit"
              sx={{
                minHeight: 44,
                width: '100%',
                justifyContent: 'flex-start',
                textAlign: 'left',
                textTransform: 'none',
                gap: 2,
                fontWeight: index === current ? 700 : 400,
                bgcolor: index === current ? 'action.selected' : undefined,
              }}
            >
              <Box
                component="span"
                sx={{ minWidth: '3.5em', fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}
              >
                {clockTime(chapter.START)}
              </Box>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {chapter.TITLE}
              </Box>
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}

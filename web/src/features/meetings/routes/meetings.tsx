import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '@/components/not-found';
import { MeetingList } from './meeting-list';
import { MeetingPage } from './meeting-page';

/** meeting/* (storefront section 2): the list and a page per meeting with its tabs. */
export default function MeetingsRoute() {
  return (
    <Routes>
      <Route path="list" element={<MeetingList />} />
      <Route path=":id" element={<Navigate to="details" replace />} />
      <Route path=":id/:tab" element={<MeetingPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** Placeholder until its helper writes it: the "Report a problem" dialog, open while mounted. */
export default function ReportProblemDialog({ onClose }: { onClose: () => void }) {
  void onClose;
  return null;
}

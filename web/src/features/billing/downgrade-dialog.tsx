import { DialogActions } from '../layout/dialog-actions';
import { Modal } from '../layout/modal';

interface Props {
  currentPlanName: string;
  targetPlanName: string;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function DowngradeDialog({ currentPlanName, targetPlanName, isBusy, onConfirm, onClose }: Props) {
  return (
    <Modal
      title="Confirm Plan Downgrade"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          confirmLabel="Confirm Downgrade"
          busyLabel="Processing..."
          isBusy={isBusy}
          onConfirm={onConfirm}
          tone="danger"
          lockWhileBusy
        />
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          You are about to move from the <strong>{currentPlanName}</strong> plan to the <strong>{targetPlanName}</strong> plan.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Your current subscription will be cancelled immediately.</li>
          <li>Your email quota and access to premium features will be reduced right away.</li>
          <li>No refund is given for the unused time of your current subscription.</li>
        </ul>
      </div>
    </Modal>
  );
}

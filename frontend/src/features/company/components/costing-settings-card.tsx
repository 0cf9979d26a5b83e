import type { CompanyProfile } from '@btp/shared/entities/company';
import { Button, Card, Form } from 'antd';
import { useState } from 'react';

import { useUpdateCostingSettings } from '../../../api/company/update-costing-settings';
import { useActionToasts } from '../../../components/action-toasts';
import { DecimalInput } from '../../../components/decimal-input';
import { ApiError } from '../../../lib/api';

/**
 * « Rentabilité des chantiers » on Paramètres (issue 32, company administrators): how far a
 * chantier's actual costs may pass its budget before its Rentabilité tab and Finances alert.
 */
export function CostingSettingsCard({ profile }: { profile: CompanyProfile }) {
  const [threshold, setThreshold] = useState<string | null>(profile.costAlertThreshold);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateCostingSettings();
  const notify = useActionToasts();
  const save = async () => {
    setError(undefined);
    try {
      await notify(
        () => update.mutateAsync({ costAlertThreshold: threshold ?? '', version: profile.version }),
        {
          success: "Seuil d'alerte enregistré",
          failure: "Erreur lors de l'enregistrement du seuil d'alerte",
        },
      );
    } catch (failure) {
      if (failure instanceof ApiError)
        setError(failure.details?.find((detail) => detail.path === 'costAlertThreshold')?.message);
    }
  };
  return (
    <Card title="Rentabilité des chantiers" style={{ marginTop: 24 }}>
      <Form layout="vertical" size="large" onFinish={() => void save()}>
        <Form.Item
          label="Seuil d'alerte (% au-delà du budget)"
          extra="Une alerte signale un chantier dont les coûts réels dépassent le budget du devis de plus de ce pourcentage."
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <DecimalInput
            min="0"
            max="100"
            value={threshold}
            onChange={setThreshold}
            aria-label="Seuil d'alerte"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Enregistrer le seuil
        </Button>
      </Form>
    </Card>
  );
}

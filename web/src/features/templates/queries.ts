import { useQuery } from '@tanstack/react-query';
import { templatesApi } from '../../api';

export const templatesKey = ['templates'] as const;

export function useTemplates() {
  return useQuery({ queryKey: templatesKey, queryFn: templatesApi.list });
}

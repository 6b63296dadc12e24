// biome-ignore-all format: the 27 units read best as a table
/** The 27 federative units, for an address's 'UF'. */
export const UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const;
export type Uf = (typeof UFS)[number];

export const isUf = (value: unknown): value is Uf => UFS.includes(value as Uf);

/** An address goes only with a CEP: anything else typed without one would be lost silently. */
export const CEP_REQUIRED_MESSAGE = 'Informe o CEP para salvar o endereço.';

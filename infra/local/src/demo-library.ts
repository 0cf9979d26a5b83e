/**
 * The demo company's price library (DEMO=1, issue 28): ~170 articles in six trades from two
 * suppliers (Point P for building materials, Cedeo for plumbing and electricity) plus the
 * company's own labour and equipment, 27 ouvrages with their sous-détail (maçonnerie, plâtrerie,
 * carrelage, peinture, plomberie, électricité, one made of others), and one draft devis built from
 * them in lots. Written through the library's services, as the routes do.
 */
import {
  articleCreateInput,
  ouvrageCreateInput,
  type ArticleCreateData,
  type Ouvrage,
} from '@btp/shared/entities/library';
import { quoteCreateInput, type QuoteRowInput } from '@btp/shared/entities/quote';
import type { ResourceType } from '@btp/shared/enums';
import { createQuote } from '../../../functions/src/data/entities/quotes.js';
import { readPricingContext } from '../../../functions/src/invoicing/issuer.js';
import { createArticlesInGroups } from '../../../functions/src/library/article-service.js';
import { createOuvrage } from '../../../functions/src/library/ouvrage-service.js';

type ArticleSpec = [reference: string, designation: string, unit: string, cost: string];

/** Building materials from Point P: family, then its articles. */
const pointP: [family: string, articles: ArticleSpec[]][] = [
  [
    'Gros œuvre › Maçonnerie',
    [
      ['PAR1050', 'Parpaing creux 10×20×50', 'u', '1.12'],
      ['PAR1550', 'Parpaing creux 15×20×50', 'u', '1.31'],
      ['PAR2050', 'Parpaing creux 20×20×50', 'u', '1.48'],
      ['PAR2550', 'Parpaing creux 25×20×50', 'u', '1.86'],
      ['PARPL20', 'Parpaing plein 20×20×50', 'u', '2.42'],
      ['BRI20', 'Brique monomur 20 cm', 'u', '3.95'],
      ['BRI30', 'Brique monomur 30 cm', 'u', '5.40'],
      ['LIN120', 'Linteau béton précontraint 120 cm', 'u', '14.90'],
      ['LIN160', 'Linteau béton précontraint 160 cm', 'u', '19.80'],
      ['CHA15', 'Chaînage préfabriqué 15×15, 6 m', 'u', '24.60'],
      ['ENDMONO', 'Enduit monocouche gratté, sac 25 kg', 'sac', '11.20'],
      ['ENDREP', 'Mortier de réparation fibré, sac 25 kg', 'sac', '16.80'],
      ['PLANCH12', 'Poutrelle précontrainte 12 cm', 'ml', '7.90'],
      ['ENTRE16', 'Entrevous béton 16 cm', 'u', '1.62'],
    ],
  ],
  [
    'Gros œuvre › Béton',
    [
      ['CIM25', 'Ciment CEM II 32,5 R, sac 25 kg', 'sac', '6.90'],
      ['CIM35', 'Ciment CEM II 32,5 R, sac 35 kg', 'sac', '8.91'],
      ['CIMPM', 'Ciment prompt, sac 5 kg', 'sac', '7.40'],
      ['CHAUX', 'Chaux hydraulique NHL 3,5, sac 35 kg', 'sac', '12.60'],
      ['SAB04', 'Sable 0/4 lavé', 't', '32.00'],
      ['SAB02', 'Sable fin 0/2', 't', '35.50'],
      ['GRA620', 'Gravier 6/20 concassé', 't', '38.40'],
      ['GRA2040', 'Gravier 20/40 concassé', 't', '36.90'],
      ['BPE25', 'Béton prêt à l’emploi C25/30, livré', 'm³', '128.00'],
      ['BPE30', 'Béton prêt à l’emploi C30/37, livré', 'm³', '139.00'],
      ['MORBAT', 'Mortier bâtard', 'm³', '142.60'],
      ['TS520', 'Treillis soudé ST25C, panneau 2,40 × 6 m', 'u', '38.50'],
      ['HA8', 'Acier HA 8, barre 6 m', 'u', '5.20'],
      ['HA10', 'Acier HA 10, barre 6 m', 'u', '7.80'],
      ['HA12', 'Acier HA 12, barre 6 m', 'u', '11.30'],
      ['POLYA', 'Film polyane 150 µm, rouleau 6 × 25 m', 'u', '64.00'],
      ['COFR', 'Contreplaqué coffrage 18 mm, 2,50 × 1,25 m', 'u', '42.90'],
    ],
  ],
  [
    'Plâtrerie › Plaques et ossatures',
    [
      ['BA13', 'Plaque de plâtre BA13 standard 2,50 × 1,20 m', 'u', '7.35'],
      ['BA13H', 'Plaque de plâtre BA13 hydrofuge 2,50 × 1,20 m', 'u', '10.90'],
      ['BA13F', 'Plaque de plâtre BA13 feu 2,50 × 1,20 m', 'u', '11.80'],
      ['BA18', 'Plaque de plâtre BA18 2,50 × 0,90 m', 'u', '12.40'],
      ['BA13PH', 'Plaque de plâtre BA13 phonique 2,50 × 1,20 m', 'u', '13.60'],
      ['M48', 'Montant M48, 3 m', 'u', '3.95'],
      ['M70', 'Montant M70, 3 m', 'u', '5.10'],
      ['R48', 'Rail R48, 3 m', 'u', '3.20'],
      ['R70', 'Rail R70, 3 m', 'u', '4.15'],
      ['F530', 'Fourrure F530, 3 m', 'u', '2.85'],
      ['SUSP', 'Suspente pivot F530', 'u', '0.68'],
      ['VIS25', 'Vis TTPC 25 mm, boîte de 1 000', 'u', '11.90'],
      ['BANDE', 'Bande à joint papier, rouleau 150 m', 'u', '6.40'],
      ['ENDJOINT', 'Enduit à joint, sac 25 kg', 'sac', '18.70'],
      ['CORN', 'Cornière d’angle métallique 2,50 m', 'u', '2.30'],
    ],
  ],
  [
    'Plâtrerie › Isolation',
    [
      ['LV100', 'Laine de verre 100 mm R 2,50, rouleau 6 m²', 'u', '21.60'],
      ['LV200', 'Laine de verre 200 mm R 5,00, rouleau 3,6 m²', 'u', '24.30'],
      ['LR45', 'Laine de roche 45 mm, panneau 0,60 × 1,35 m', 'u', '4.90'],
      ['LVSOUF', 'Laine de verre à souffler, sac 16,6 kg', 'sac', '27.40'],
      ['PSE100', 'Polystyrène expansé 100 mm, panneau 1,20 × 0,60 m', 'u', '6.10'],
      ['PSEDOUB', 'Doublage PSE + plaque 10+80, 2,60 × 1,20 m', 'u', '29.80'],
      ['PARAV', 'Membrane pare-vapeur, rouleau 50 m²', 'u', '48.00'],
      ['ADHPV', 'Adhésif pare-vapeur, rouleau 25 m', 'u', '13.50'],
    ],
  ],
  [
    'Carrelage',
    [
      ['GRES3030', 'Carrelage grès cérame 30 × 30, beige', 'm²', '14.90'],
      ['GRES4545', 'Carrelage grès cérame 45 × 45, gris', 'm²', '19.80'],
      ['GRES6060', 'Carrelage grès cérame 60 × 60, gris anthracite', 'm²', '27.50'],
      ['GRES6060R', 'Carrelage grès cérame 60 × 60 rectifié, blanc', 'm²', '32.40'],
      ['GRES120', 'Carrelage grès cérame 60 × 120 rectifié, béton ciré', 'm²', '41.90'],
      ['ANTID', 'Carrelage antidérapant R11, 30 × 30', 'm²', '22.70'],
      ['FAI2025', 'Faïence murale 20 × 25, blanc brillant', 'm²', '15.60'],
      ['FAI3060', 'Faïence murale 30 × 60, blanc mat', 'm²', '21.40'],
      ['MOSA', 'Mosaïque pâte de verre, plaque 30 × 30', 'u', '9.80'],
      ['PLINTHE', 'Plinthe grès cérame assortie 8 cm', 'ml', '5.60'],
      ['COLC2', 'Colle carrelage C2S1 flexible, sac 25 kg', 'sac', '19.40'],
      ['COLC1', 'Colle carrelage C1, sac 25 kg', 'sac', '11.60'],
      ['JOINT', 'Mortier joint fin, sac 5 kg', 'sac', '9.30'],
      ['JOINTEP', 'Joint époxy, seau 2 kg', 'u', '34.90'],
      ['SPEC', 'Système d’étanchéité liquide SPEC, kit 7 kg', 'u', '86.00'],
      ['PRIM', 'Primaire d’accrochage, bidon 5 l', 'u', '28.50'],
      ['RAGR', 'Ragréage fibré P3, sac 25 kg', 'sac', '23.80'],
      ['CROIS', 'Croisillons et cales autonivelantes, sachet', 'u', '14.20'],
    ],
  ],
  [
    'Peinture',
    [
      ['SOUSC', 'Sous-couche acrylique plaques de plâtre, 15 l', 'u', '58.00'],
      ['PMAT', 'Peinture acrylique mate blanche, 15 l', 'u', '72.50'],
      ['PVELOURS', 'Peinture acrylique velours blanche, 15 l', 'u', '84.00'],
      ['PSATIN', 'Peinture acrylique satinée, 3 l', 'u', '39.90'],
      ['PPLAF', 'Peinture plafond mate, 15 l', 'u', '61.00'],
      ['PFACADE', 'Peinture façade pliolite, 15 l', 'u', '118.00'],
      ['LASURE', 'Lasure bois satinée, 5 l', 'u', '56.00'],
      ['ENDGRAS', 'Enduit de rebouchage, pot 5 kg', 'u', '17.80'],
      ['ENDLISS', 'Enduit de lissage, sac 15 kg', 'sac', '22.60'],
      ['TOILEV', 'Toile de verre à peindre, rouleau 50 m²', 'u', '46.00'],
      ['COLTV', 'Colle toile de verre, seau 10 kg', 'u', '27.90'],
      ['BACHE', 'Bâche de protection 4 × 5 m', 'u', '3.90'],
      ['RUBAN', 'Ruban de masquage 50 mm, rouleau 50 m', 'u', '4.60'],
      ['MANCH', 'Manchon laqueur microfibre 180 mm', 'u', '8.90'],
      ['ABRAS', 'Abrasif grain 120, boîte de 50 disques', 'u', '19.50'],
    ],
  ],
];

/** Plumbing and electricity from Cedeo. */
const cedeo: [family: string, articles: ArticleSpec[]][] = [
  [
    'Plomberie › Tubes et raccords',
    [
      ['PER12', 'Tube PER gainé Ø 12, couronne 50 m', 'u', '46.00'],
      ['PER16', 'Tube PER gainé Ø 16, couronne 50 m', 'u', '54.00'],
      ['MULTI16', 'Tube multicouche Ø 16, couronne 50 m', 'u', '78.00'],
      ['MULTI20', 'Tube multicouche Ø 20, couronne 50 m', 'u', '112.00'],
      ['CU14', 'Tube cuivre écroui Ø 14, barre 4 m', 'u', '31.50'],
      ['PVC40', 'Tube PVC évacuation Ø 40, 2 m', 'u', '6.20'],
      ['PVC100', 'Tube PVC évacuation Ø 100, 4 m', 'u', '19.80'],
      ['COUDE40', 'Coude PVC 87° Ø 40', 'u', '1.10'],
      ['RACC16', 'Raccord à sertir multicouche Ø 16', 'u', '4.80'],
      ['COLL16', 'Collecteur 4 départs 16', 'u', '38.00'],
      ['VANNE', 'Vanne d’arrêt quart de tour 20 × 27', 'u', '9.40'],
    ],
  ],
  [
    'Plomberie › Sanitaire',
    [
      ['WCSUSP', 'Pack WC suspendu avec bâti-support', 'u', '289.00'],
      ['WCPOSE', 'Pack WC à poser sortie horizontale', 'u', '164.00'],
      ['LAV60', 'Meuble vasque 60 cm avec miroir', 'u', '245.00'],
      ['LAVABO', 'Lavabo céramique 55 cm sur colonne', 'u', '89.00'],
      ['RECEV90', 'Receveur de douche extra-plat 90 × 90', 'u', '139.00'],
      ['PAROI', 'Paroi de douche fixe verre 8 mm, 90 cm', 'u', '219.00'],
      ['COLDOU', 'Colonne de douche thermostatique', 'u', '189.00'],
      ['MITLAV', 'Mitigeur lavabo chromé', 'u', '64.00'],
      ['MITEVI', 'Mitigeur évier bec haut', 'u', '79.00'],
      ['BAIGN', 'Baignoire acrylique 170 × 70', 'u', '249.00'],
      ['CE200', 'Chauffe-eau électrique 200 l vertical', 'u', '389.00'],
      ['SIPHON', 'Siphon de lavabo laiton chromé', 'u', '18.90'],
      ['BONDE', 'Bonde de douche extra-plate Ø 90', 'u', '24.50'],
    ],
  ],
  [
    'Électricité › Câbles et conduits',
    [
      ['R2V3G15', 'Câble R2V 3G1,5, couronne 100 m', 'u', '98.00'],
      ['R2V3G25', 'Câble R2V 3G2,5, couronne 100 m', 'u', '149.00'],
      ['H07V15', 'Fil H07V-U 1,5 mm², couronne 100 m', 'u', '27.00'],
      ['H07V25', 'Fil H07V-U 2,5 mm², couronne 100 m', 'u', '41.00'],
      ['ICTA16', 'Gaine ICTA Ø 16, couronne 100 m', 'u', '24.00'],
      ['ICTA20', 'Gaine ICTA Ø 20, couronne 100 m', 'u', '29.50'],
      ['PREF15', 'Gaine préfilée 3G1,5, couronne 100 m', 'u', '89.00'],
      ['BOITE', 'Boîte d’encastrement cloison sèche Ø 67', 'u', '0.95'],
      ['BOITED', 'Boîte de dérivation 100 × 100', 'u', '3.40'],
      ['WAGO', 'Borne de connexion automatique 3 entrées, boîte de 50', 'u', '16.90'],
    ],
  ],
  [
    'Électricité › Appareillage et tableaux',
    [
      ['PC16', 'Prise de courant 2P+T 16 A, blanc', 'u', '5.90'],
      ['PCDOUB', 'Prise double 2P+T 16 A, blanc', 'u', '11.40'],
      ['INTVV', 'Interrupteur va-et-vient, blanc', 'u', '4.90'],
      ['POUSS', 'Bouton-poussoir, blanc', 'u', '5.60'],
      ['RJ45', 'Prise RJ45 catégorie 6', 'u', '12.80'],
      ['PLAQUE', 'Plaque de finition simple, blanc', 'u', '1.90'],
      ['DCL', 'Point de centre DCL avec douille', 'u', '6.30'],
      ['SPOT', 'Spot LED encastrable 7 W, blanc chaud', 'u', '14.50'],
      ['HUBLOT', 'Hublot LED IP65 14 W', 'u', '24.90'],
      ['TAB2R', 'Tableau électrique 2 rangées 26 modules équipé', 'u', '168.00'],
      ['DISJ16', 'Disjoncteur phase + neutre 16 A', 'u', '8.60'],
      ['DISJ20', 'Disjoncteur phase + neutre 20 A', 'u', '8.90'],
      ['ID40', 'Interrupteur différentiel 40 A 30 mA type AC', 'u', '42.00'],
      ['ID40A', 'Interrupteur différentiel 40 A 30 mA type A', 'u', '74.00'],
      ['RADIA1000', 'Radiateur à inertie sèche 1 000 W', 'u', '329.00'],
      ['SECHE', 'Sèche-serviettes électrique 500 W', 'u', '199.00'],
      ['VMC', 'VMC simple flux hygroréglable B', 'u', '215.00'],
    ],
  ],
];

/** The company's own resources: labour (loaded hourly cost) and equipment. */
const own: [family: string, type: ResourceType, articles: [string, string, string, string][]][] = [
  [
    "Main-d'œuvre",
    'labor',
    [
      ['MO-MAC', 'Maçon N3P2', 'h', '38.75'],
      ['MO-MACCE', 'Chef d’équipe maçon N4P1', 'h', '44.20'],
      ['MO-MAN', 'Manœuvre N1P2', 'h', '29.60'],
      ['MO-PLA', 'Plaquiste N3P1', 'h', '36.40'],
      ['MO-CAR', 'Carreleur N3P2', 'h', '37.80'],
      ['MO-PEI', 'Peintre N3P1', 'h', '34.90'],
      ['MO-PLO', 'Plombier chauffagiste N3P2', 'h', '41.50'],
      ['MO-ELE', 'Électricien N3P2', 'h', '40.80'],
      ['MO-APP', 'Apprenti 2e année', 'h', '14.20'],
    ],
  ],
  [
    'Matériel',
    'equipment',
    [
      ['MAT-BET', 'Bétonnière 350 l', 'j', '18.00'],
      ['MAT-ECH', 'Échafaudage roulant, 8 m de hauteur', 'j', '42.00'],
      ['MAT-MINI', 'Mini-pelle 2,5 t avec chauffeur', 'h', '78.00'],
      ['MAT-BENNE', 'Benne à gravats 8 m³, rotation', 'u', '310.00'],
      ['MAT-CARR', 'Scie à carrelage sur table', 'j', '24.00'],
      ['MAT-PONC', 'Ponceuse girafe avec aspirateur', 'j', '36.00'],
    ],
  ],
];

type Component = [reference: string, quantity: string, lossRate?: string];
type OuvrageSpec = [code: string, designation: string, unit: string, family: string, components: Component[]];

const ouvrageSpecs: OuvrageSpec[] = [
  // Maçonnerie
  [
    'MAC-010',
    'Mur en parpaings de 10',
    'm²',
    'Gros œuvre › Maçonnerie',
    [
      ['PAR1050', '10', '5'],
      ['MORBAT', '0.010', '10'],
      ['MO-MAC', '0.700'],
    ],
  ],
  [
    'MAC-020',
    'Mur en parpaings de 20',
    'm²',
    'Gros œuvre › Maçonnerie',
    [
      ['PAR2050', '10', '5'],
      ['MORBAT', '0.015', '10'],
      ['MO-MAC', '0.850'],
    ],
  ],
  [
    'MAC-030',
    'Mur en briques monomur de 30',
    'm²',
    'Gros œuvre › Maçonnerie',
    [
      ['BRI30', '10', '3'],
      ['MORBAT', '0.012', '10'],
      ['MO-MAC', '0.950'],
    ],
  ],
  [
    'MAC-DAL',
    'Dalle béton armé 12 cm',
    'm²',
    'Gros œuvre › Béton',
    [
      ['BPE25', '0.120', '5'],
      ['TS520', '0.075', '10'],
      ['POLYA', '0.007'],
      ['MO-MAC', '0.450'],
      ['MO-MAN', '0.300'],
    ],
  ],
  [
    'MAC-ENDUIT',
    'Enduit monocouche gratté sur parpaings',
    'm²',
    'Gros œuvre › Maçonnerie',
    [
      ['ENDMONO', '0.800', '10'],
      ['MO-MAC', '0.350'],
      ['MAT-ECH', '0.020'],
    ],
  ],
  // Plâtrerie
  [
    'PLA-CLO72',
    'Cloison 72/48 une plaque BA13 par face',
    'm²',
    'Plâtrerie › Plaques et ossatures',
    [
      ['BA13', '0.700', '8'],
      ['M48', '0.700'],
      ['R48', '0.280'],
      ['LR45', '1.250', '5'],
      ['VIS25', '0.025'],
      ['BANDE', '0.015'],
      ['ENDJOINT', '0.020'],
      ['MO-PLA', '0.650'],
    ],
  ],
  [
    'PLA-CLOH',
    'Cloison 72/48 hydrofuge (pièces humides)',
    'm²',
    'Plâtrerie › Plaques et ossatures',
    [
      ['BA13H', '0.700', '8'],
      ['M48', '0.700'],
      ['R48', '0.280'],
      ['LR45', '1.250', '5'],
      ['VIS25', '0.025'],
      ['ENDJOINT', '0.020'],
      ['MO-PLA', '0.700'],
    ],
  ],
  [
    'PLA-DOUB',
    'Doublage collé PSE + plaque 10+80',
    'm²',
    'Plâtrerie › Isolation',
    [
      ['PSEDOUB', '0.320', '5'],
      ['ENDJOINT', '0.040'],
      ['BANDE', '0.010'],
      ['MO-PLA', '0.450'],
    ],
  ],
  [
    'PLA-PLAF',
    'Plafond BA13 sur fourrures F530',
    'm²',
    'Plâtrerie › Plaques et ossatures',
    [
      ['BA13', '0.350', '8'],
      ['F530', '0.900'],
      ['SUSP', '1.500'],
      ['VIS25', '0.020'],
      ['ENDJOINT', '0.020'],
      ['MO-PLA', '0.750'],
    ],
  ],
  [
    'PLA-COMBL',
    'Isolation des combles perdus par soufflage, R 7',
    'm²',
    'Plâtrerie › Isolation',
    [
      ['LVSOUF', '0.210', '3'],
      ['MO-PLA', '0.080'],
      ['MO-MAN', '0.080'],
    ],
  ],
  // Carrelage
  [
    'CAR-SOL60',
    'Carrelage sol 60 × 60 collé, joints fins',
    'm²',
    'Carrelage',
    [
      ['GRES6060', '1', '10'],
      ['COLC2', '0.200'],
      ['JOINT', '0.100'],
      ['CROIS', '0.050'],
      ['MO-CAR', '0.950'],
      ['MAT-CARR', '0.030'],
    ],
  ],
  [
    'CAR-SOL30',
    'Carrelage sol 30 × 30 collé',
    'm²',
    'Carrelage',
    [
      ['GRES3030', '1', '8'],
      ['COLC1', '0.200'],
      ['JOINT', '0.150'],
      ['MO-CAR', '0.800'],
    ],
  ],
  [
    'CAR-FAI',
    'Faïence murale 30 × 60 collée',
    'm²',
    'Carrelage',
    [
      ['FAI3060', '1', '10'],
      ['COLC2', '0.160'],
      ['JOINT', '0.080'],
      ['MO-CAR', '1.050'],
    ],
  ],
  [
    'CAR-SPEC',
    'Étanchéité sous carrelage SPEC (douche)',
    'm²',
    'Carrelage',
    [
      ['SPEC', '0.150'],
      ['PRIM', '0.030'],
      ['MO-CAR', '0.350'],
    ],
  ],
  [
    'CAR-PLI',
    'Plinthes carrelage collées',
    'ml',
    'Carrelage',
    [
      ['PLINTHE', '1', '5'],
      ['COLC1', '0.020'],
      ['MO-CAR', '0.200'],
    ],
  ],
  // Peinture
  [
    'PEI-MUR2',
    'Peinture murs, impression + 2 couches velours',
    'm²',
    'Peinture',
    [
      ['SOUSC', '0.008', '5'],
      ['PVELOURS', '0.016', '5'],
      ['ENDGRAS', '0.010'],
      ['ABRAS', '0.005'],
      ['MO-PEI', '0.320'],
    ],
  ],
  [
    'PEI-PLAF',
    'Peinture plafond, impression + 2 couches mat',
    'm²',
    'Peinture',
    [
      ['SOUSC', '0.008', '5'],
      ['PPLAF', '0.018', '5'],
      ['MO-PEI', '0.380'],
    ],
  ],
  [
    'PEI-TV',
    'Toile de verre posée et peinte 2 couches',
    'm²',
    'Peinture',
    [
      ['TOILEV', '0.022', '10'],
      ['COLTV', '0.030'],
      ['PMAT', '0.016', '5'],
      ['MO-PEI', '0.450'],
    ],
  ],
  [
    'PEI-LISS',
    'Enduit de lissage deux passes',
    'm²',
    'Peinture',
    [
      ['ENDLISS', '0.060'],
      ['ABRAS', '0.006'],
      ['MO-PEI', '0.300'],
    ],
  ],
  // Plomberie
  [
    'PLO-WCS',
    'WC suspendu posé et raccordé',
    'u',
    'Plomberie › Sanitaire',
    [
      ['WCSUSP', '1'],
      ['PVC100', '0.250'],
      ['PER12', '0.040'],
      ['MO-PLO', '4'],
    ],
  ],
  [
    'PLO-DOU',
    'Douche à l’italienne: receveur, paroi, colonne',
    'u',
    'Plomberie › Sanitaire',
    [
      ['RECEV90', '1'],
      ['PAROI', '1'],
      ['COLDOU', '1'],
      ['BONDE', '1'],
      ['PVC40', '1'],
      ['MO-PLO', '6'],
    ],
  ],
  [
    'PLO-LAV',
    'Meuble vasque posé avec mitigeur',
    'u',
    'Plomberie › Sanitaire',
    [
      ['LAV60', '1'],
      ['MITLAV', '1'],
      ['SIPHON', '1'],
      ['MULTI16', '0.080'],
      ['MO-PLO', '2.500'],
    ],
  ],
  [
    'PLO-ALIM',
    'Alimentation eau froide et chaude en multicouche',
    'ml',
    'Plomberie › Tubes et raccords',
    [
      ['MULTI16', '0.040', '10'],
      ['RACC16', '0.300'],
      ['MO-PLO', '0.350'],
    ],
  ],
  // Électricité
  [
    'ELE-PC',
    'Prise de courant 16 A encastrée, câblée',
    'u',
    'Électricité › Appareillage et tableaux',
    [
      ['PC16', '1'],
      ['PLAQUE', '1'],
      ['BOITE', '1'],
      ['PREF15', '0.080', '10'],
      ['MO-ELE', '0.750'],
    ],
  ],
  [
    'ELE-PL',
    'Point lumineux simple allumage',
    'u',
    'Électricité › Appareillage et tableaux',
    [
      ['INTVV', '1'],
      ['PLAQUE', '1'],
      ['DCL', '1'],
      ['BOITE', '2'],
      ['PREF15', '0.120', '10'],
      ['MO-ELE', '1'],
    ],
  ],
  [
    'ELE-SPOT',
    'Spot LED encastré en plafond',
    'u',
    'Électricité › Appareillage et tableaux',
    [
      ['SPOT', '1'],
      ['PREF15', '0.040', '10'],
      ['WAGO', '0.020'],
      ['MO-ELE', '0.400'],
    ],
  ],
  [
    'ELE-TAB',
    'Tableau électrique 2 rangées posé et raccordé',
    'u',
    'Électricité › Appareillage et tableaux',
    [
      ['TAB2R', '1'],
      ['ID40A', '1'],
      ['DISJ16', '4'],
      ['DISJ20', '2'],
      ['MO-ELE', '6'],
    ],
  ],
];

/** A whole bathroom, made of ouvrages (a second level). */
const bathroom: [code: string, quantity: string][] = [
  ['PLA-CLOH', '12'],
  ['CAR-SPEC', '3'],
  ['CAR-SOL60', '6'],
  ['CAR-FAI', '18'],
  ['PLO-DOU', '1'],
  ['PLO-WCS', '1'],
  ['PLO-LAV', '1'],
  ['ELE-SPOT', '4'],
];

/** A devis line made from an ouvrage: its components as a snapshot, as the devis editor sends it. */
function lineOf(ouvrage: Ouvrage, quantity: string, section: string, sortOrder: number): QuoteRowInput {
  return {
    resourceType: ouvrage.resourceType,
    description: ouvrage.designation,
    unit: ouvrage.unit,
    quantity,
    unitPrice: ouvrage.unitCost,
    ouvrageId: ouvrage.id,
    section,
    sortOrder,
    components: ouvrage.components.map((component) => ({
      ...(component.articleId ? { articleId: component.articleId } : {}),
      ...(component.ouvrageId ? { ouvrageId: component.ouvrageId } : {}),
      resourceType: component.resourceType,
      ...(component.reference ? { reference: component.reference } : {}),
      designation: component.designation,
      unit: component.unit,
      quantity: component.quantity,
      ...(component.lossRate ? { lossRate: component.lossRate } : {}),
      unitCost: component.unitCost,
    })),
  };
}

/** Loads the library and the devis built from it; `client` and `project` are the devis'. */
export async function loadDemoLibrary(
  company: string,
  suppliers: { materials: string; plumbing: string },
  devis: { clientId: string; projectId?: string },
): Promise<{ articles: number; ouvrages: number; quoteId: string }> {
  const specs: ArticleCreateData[] = [];
  const add = (supplierId: string | undefined, family: string, type: ResourceType, spec: ArticleSpec) => {
    const [reference, designation, unit, unitCost] = spec;
    specs.push(
      articleCreateInput.parse({
        resourceType: type,
        reference,
        designation,
        unit,
        unitCost,
        supplierId,
        family,
      }),
    );
  };
  for (const [family, articleSpecs] of pointP)
    for (const spec of articleSpecs) add(suppliers.materials, family, 'materials', spec);
  for (const [family, articleSpecs] of cedeo)
    for (const spec of articleSpecs) add(suppliers.plumbing, family, 'materials', spec);
  for (const [family, type, articleSpecs] of own)
    for (const spec of articleSpecs) add(undefined, family, type, spec);
  const ids = await createArticlesInGroups(company, specs);

  const ouvrages = new Map<string, Ouvrage>();
  for (const [code, designation, unit, family, components] of ouvrageSpecs) {
    const ouvrage = await createOuvrage(
      company,
      ouvrageCreateInput.parse({
        code,
        designation,
        unit,
        family,
        components: components.map(([reference, quantity, lossRate]) => ({
          articleId: ids.get(reference),
          quantity,
          ...(lossRate ? { lossRate } : {}),
        })),
      }),
    );
    ouvrages.set(code, ouvrage);
  }
  const sdb = await createOuvrage(
    company,
    ouvrageCreateInput.parse({
      code: 'SDB-COMPL',
      designation: 'Salle de bains complète (6 m²) avec douche à l’italienne',
      unit: 'forfait',
      family: 'Plomberie › Sanitaire',
      components: bathroom.map(([code, quantity]) => ({ ouvrageId: ouvrages.get(code)?.id, quantity })),
    }),
  );
  ouvrages.set('SDB-COMPL', sdb);

  const use = (code: string) => {
    const ouvrage = ouvrages.get(code);
    if (!ouvrage) throw new Error(`demo ouvrage ${code} missing`);
    return ouvrage;
  };
  const rows: QuoteRowInput[] = [
    { kind: 'heading', section: '1', title: 'Maçonnerie' },
    lineOf(use('MAC-020'), '18.5', '1', 1),
    lineOf(use('MAC-ENDUIT'), '18.5', '1', 2),
    { kind: 'heading', section: '2', title: 'Plâtrerie et isolation' },
    { kind: 'heading', section: '2.1', title: 'Cloisons et plafonds' },
    lineOf(use('PLA-CLO72'), '24', '2.1', 3),
    lineOf(use('PLA-PLAF'), '32', '2.1', 4),
    { kind: 'heading', section: '2.2', title: 'Isolation' },
    lineOf(use('PLA-DOUB'), '28', '2.2', 5),
    lineOf(use('PLA-COMBL'), '45', '2.2', 6),
    { kind: 'heading', section: '3', title: 'Salle de bains' },
    lineOf(use('SDB-COMPL'), '1', '3', 7),
    { kind: 'heading', section: '4', title: 'Électricité' },
    lineOf(use('ELE-PC'), '8', '4', 8),
    lineOf(use('ELE-PL'), '4', '4', 9),
    { kind: 'heading', section: '5', title: 'Peinture' },
    lineOf(use('PEI-MUR2'), '96', '5', 10),
    lineOf(use('PEI-PLAF'), '32', '5', 11),
  ];
  const quote = await createQuote(
    company,
    quoteCreateInput.parse({
      title: 'Rénovation d’un appartement : cloisons, isolation, salle de bains',
      clientId: devis.clientId,
      projectId: devis.projectId,
      description: 'Devis établi depuis la bibliothèque de prix, en lots.',
      items: rows,
    }),
    await readPricingContext(company),
  );
  return { articles: ids.size, ouvrages: ouvrages.size, quoteId: quote.id };
}

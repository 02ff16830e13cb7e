# Compact specs of the case files (mk.py writes testdata/cases/*.txtar).
# Coordinates: the digest's axial (q, r) → lab(q, r) (see mk.py).
from mk import lab

S = lab(5, 4)      # the usual defender, digest (5,4) = 0508
N = lab(5, 5)      # its attacker from the north, (5,5) = 0608
W4 = lab(4, 4)     # (4,4)
E4 = lab(6, 4)     # (6,4)
R1, R2 = lab(5, 3), lab(6, 3)   # S's rearward hexes (5,3), (6,3)

def melee(att, dfn, dice, expect, **kw):
    """B's unit N1 (att) at N attacks A's S1 (dfn) at S."""
    v = dict(active='B', units=['B N1 %s %s activated %s' % (att[0], N, att[1] if len(att) > 1 else ''),
                                'A S1 %s %s %s' % (dfn[0], S, dfn[1] if len(dfn) > 1 else '')] + kw.pop('more', []),
             orders=['B: attack N1 S1'], dice=dice, expect=expect)
    v.update(kw)
    return v

CASES = []
def case(name, header, *variants):
    CASES.append((name, header, list(variants)))

# 7.3 Retreats
case('FLG-TC-030', '''# FLG-TC-030 (ex. A/B) (FLG-1.3b, FLG-4.30, FLG-4.31, FLG-4.32, FLG-4.40, FLG-P-20, FLG-T17, FLG-4.50, FLG-T11): S INF_H_MUSKET
# at (5,4)=0508 attacked by N infantry at (5,5)=0608. One flag: it retreats 1 hex to (5,3)=0407 or (6,3)=0408
# (0407 by the default tie-break); two flags: 2 hexes, to (5,2)=0307. Trained infantry on level ground does not follow up.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG CAV ART', ['combat 1 dice=3 hits=0 morale=1 ignored=0 retreat=1 made=1 losses=0', 'at S1 ' + R1, 'at N1 ' + N, 'no-pending', 'no-event followed']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG CAV', ['combat 1 retreat=2 made=2 losses=0', 'at S1 ' + lab(5, 2)]),
)

# ---- 7.1 Dice and dice counts
def dpos(units, expect, **kw):
    v = dict(units=units, expect=expect)
    v.update(kw)
    return v

T = S  # the target at 0508; attackers around it: 0507 0607 0608 0509 0408 0407
case('FLG-TC-002', '''# FLG-TC-002 [DERIVED] (FLG-T6, FLG-4.23, FLG-P-15, FLG-A2.20): base dice by training: INF_H_MUSKET Super-élite 5,
# Élite 4, Trained 3, Recruits 2, Levy 1; INF_L_MUSKET Levy 2−2 = 0, floored to 1. Attackers around the target at 0508.''',
     dpos(['B T1 INF_H_MUSKET 0508', 'A A1 INF_H_MUSKET 0507 super-elite', 'A A2 INF_H_MUSKET 0607 elite', 'A A3 INF_H_MUSKET 0608',
           'A A4 INF_H_MUSKET 0509 recruits', 'A A5 INF_H_MUSKET 0408 levy', 'A A6 INF_L_MUSKET 0407 levy'],
          ['dice A1 T1 5', 'dice A2 T1 4', 'dice A3 T1 3', 'dice A4 T1 2', 'dice A5 T1 1', 'dice A6 T1 1']))
case('FLG-TC-003', '''# FLG-TC-003 [DERIVED] (FLG-T2, FLG-4.23, FLG-T18): ART_F_H with 3 stands rolls 3 dice; at 1 stand 2; an Élite one at
# 1 stand 3.''',
     dpos(['B T1 INF_H_MUSKET 0508', 'A A1 ART_F_H 0507', 'A A2 ART_F_H 0607 stands=1', 'A A3 ART_F_H 0608 elite stands=1'],
          ['dice A1 T1 3', 'dice A2 T1 2', 'dice A3 T1 3']))
case('FLG-TC-004', '''# FLG-TC-004 [SRC L1244-1250] (FLG-6.2, FLG-T10, FLG-4.23): an Élite INF_H_MUSKET (4) in a forest attacks an enemy on
# rocky ground: 4 − 1 (into rocky ground) = 3, then capped at 2 (out of the forest): 2.''',
     dpos(['B T1 INF_H_MUSKET 0508', 'A A1 INF_H_MUSKET 0507 elite'], ['dice A1 T1 2'], terrain={'forest': '0507', 'rocks': '0508'}))
case('FLG-TC-005', '''# FLG-TC-005 [SRC L1248] (FLG-6.2, FLG-T10): CAV_H (4) in a marsh attacks a unit in a forest: caps 2 and 2 give 2.''',
     dpos(['B T1 INF_H_MUSKET 0508', 'A A1 CAV_H 0507'], ['dice A1 T1 2'], terrain={'forest': '0508', 'marsh': '0507'}))
case('FLG-TC-006', '''# FLG-TC-006 [DERIVED] (FLG-T10, FLG-4.23): CAV_H (4) on a hill attacking a unit below: capped at 3; attacking uphill: 2;
# two hill hexes: 4.''',
     dpos(['B T1 INF_H_MUSKET 0508', 'A A1 CAV_H 0507', 'A A2 CAV_H 0405', 'B T2 INF_H_MUSKET 0305', 'A A3 CAV_H 0306'],
          ['dice A1 T1 3', 'dice A2 T2 2', 'dice A3 T2 4'], levels={'1': '0507 0305 0306'}))
case('FLG-TC-007', '''# FLG-TC-007 [DERIVED] (FLG-T2, FLG-4.23, FLG-P-15, FLG-4.21): movement penalties: ART_H_VL moved 2: 1 die; moved 3:
# 0, floored to 1; ART_ZAMB moved 2: 2 (flat); ART_E_L moved 2: 3 (no loss); ART_F_L moved 1: cannot fire.''',
     dpos(['B T1 INF_H_MUSKET 0508', 'A A1 ART_H_VL 0507 moved=2', 'A A2 ART_H_VL 0607 moved=3', 'A A3 ART_ZAMB 0310 moved=2',
           'A A4 ART_E_L 0713 moved=2', 'A A5 ART_F_L 0408 moved=1 activated'],
          ['dice A1 T1 1', 'dice A2 T1 1', 'dice A3 T1 2', 'dice A4 T1 3', 'rejected 1 no-combat FLG-4.21'], orders=['A: attack A5 T1']))
case('FLG-TC-008', '''# FLG-TC-008 [DERIVED] (FLG-4.23, FLG-P-16, FLG-P-17, FLG-T8, FLG-T18): modern INF_H_MUSKET in melee vs INF_H_TRAD: 4;
# INF_H_RIFLE adjacent 2, at range 2 3; LAN_M vs ART_F_L 4, vs infantry 3; infantry vs CAV_SH 2; CAV_M next to an enemy
# CAM_L 2; CAM_L next to an enemy CAM_M: no penalty (2); CAV_L next to a friendly ELE_M: 1.''',
     dpos(['B T1 INF_H_TRAD 0508', 'A A1 INF_H_MUSKET 0507', 'B T2 INF_H_MUSKET 0313', 'A A2 INF_H_RIFLE 0314', 'A A3 INF_H_RIFLE 0513'], ['dice A1 T1 4', 'dice A2 T2 2', 'dice A3 T2 3']),
     dpos(['B T1 ART_F_L 0508', 'B T2 INF_H_MUSKET 0310', 'A A1 LAN_M 0507', 'A A2 LAN_M 0410'], ['dice A1 T1 4', 'dice A2 T2 3']),
     dpos(['B T1 CAV_SH 0508', 'A A1 INF_H_MUSKET 0507'], ['dice A1 T1 2']),
     dpos(['B T1 INF_H_MUSKET 0508', 'B C1 CAM_L 0506', 'A A1 CAV_M 0507', 'B T2 CAM_M 0310', 'A A2 CAM_L 0410'], ['dice A1 T1 2', 'dice A2 T2 2']),
     dpos(['B T1 INF_H_MUSKET 0508', 'A A1 CAV_L 0507', 'A E1 ELE_M 0506'], ['dice A1 T1 1']))
case('FLG-TC-009', '''# FLG-TC-009 [DERIVED] (FLG-T8, FLG-4.61, FLG-4.23, FLG-T18): Fanatiques INF_H_MUSKET attacking 4, riposting 4;
# Agressifs attacking 4, riposting 3; Tireurs INF_L_RIFLE firing at range 2: 3, attacking in melee 2 − 1 = 1. The digest's
# "riposting: 3" for the Tireurs is not what FLG-4.23 gives: a riposte is a melee (FLG-4.60), so the rifles lose their die
# there and the Tireurs get theirs back: 2 + 1 − 1 = 2 (the rule is implemented, not the derived figure).''',
     dpos(['B T1 INF_H_MUSKET 0508', 'A A1 INF_H_MUSKET 0507 C2', 'A A2 INF_H_MUSKET 0607 C3', 'A A3 INF_L_RIFLE 0710 C5', 'A A4 INF_L_RIFLE 0408 C5'],
          ['dice A1 T1 4', 'dice A1 T1 4 riposte', 'dice A2 T1 4', 'dice A2 T1 3 riposte', 'dice A3 T1 3', 'dice A4 T1 1', 'dice A4 T1 2 riposte']))

# ---- 7.2 Tactical advantage
att_friends = ['B F1 INF_H_MUSKET 0708', 'B F2 INF_H_MUSKET 0709']
def_friends = ['A G1 INF_H_MUSKET 0507', 'A G2 INF_H_MUSKET 0407']
case('FLG-TC-010', '''# FLG-TC-010 (ex. 1A) (FLG-T9, FLG-4.34, FLG-1.4): INF_H_MUSKET attacks INF_H_MUSKET, neither supported: TA → miss.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'TA ART ART', ['combat 1 ta=miss hits=0 losses=0', 'stands S1 3', 'event combat 1']))
case('FLG-TC-011', '''# FLG-TC-011 (ex. 1B) (FLG-T9, FLG-1.4): the attacker supported (two adjacent friends), the defender not: TA → hit.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'TA ART ART', ['combat 1 ta=hit hits=1 losses=1', 'stands S1 2'], more=att_friends))
case('FLG-TC-012', '''# FLG-TC-012 (ex. 1C) (FLG-T9, FLG-4.35, FLG-1.4a, FLG-4.31, FLG-T10): the defender is in a habitation, supported as the
# target; the attacker INF_H_MUSKET is supported. Muskets in melee are not shooters: the infantry row gives a morale hit,
# ignored by the supported defender; dice capped at 2. The defender, supported, then ripostes (also capped at 2).''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'TA ART ART ART', ['combat 1 dice=2 ta=morale morale=1 ignored=1 retreat=0 losses=0', 'at S1 ' + S, 'combat 2 riposte=yes dice=2'], more=att_friends, terrain={'town': S}))
case('FLG-TC-013', '''# FLG-TC-013 (ex. 1D) (FLG-T9, FLG-1.4b, FLG-1.4c, FLG-P-19, FLG-6.3): a supported CAV_M attacks infantry in a forest: TA → miss
# (mounted against rough terrain); the cavalry counts as unsupported, the infantry as supported, so it ripostes.''',
     melee(('CAV_M',), ('INF_H_MUSKET',), 'TA ART ART ART', ['combat 1 dice=2 ta=miss losses=0', 'supported N1 S1 attacking no', 'supported S1 N1 attacked yes', 'combat 2 riposte=yes'], more=att_friends, terrain={'forest': S}))
case('FLG-TC-014', '''# FLG-TC-014 (ex. 2A) (FLG-T9): a supported CAV_M attacks supported infantry: TA → hit; the defender ripostes.''',
     melee(('CAV_M',), ('INF_H_MUSKET',), 'TA ART ART INF INF INF', ['combat 1 ta=hit hits=1', 'stands S1 2', 'combat 2 riposte=yes hits=0'], more=att_friends + def_friends))
art = lambda typ, at, extra='': 'B N1 %s %s activated %s' % (typ, at, extra)
case('FLG-TC-015', '''# FLG-TC-015 (ex. 2B) (FLG-T9, FLG-4.35, FLG-4.11): a Trained ART_F_H fires at infantry 3 hexes away (0809 → 0508): TA → miss.
# [DERIVED] Élite artillery, or an Insaisissable (D4) target: a morale hit.''',
     dict(active='B', units=[art('ART_F_H', '0809'), 'A S1 INF_H_MUSKET 0508'], orders=['B: attack N1 S1'], dice='TA CAV CAV', expect=['combat 1 dice=3 ta=miss morale=0 losses=0']),
     dict(active='B', units=[art('ART_F_H', '0809', 'elite'), 'A S1 INF_H_MUSKET 0508'], orders=['B: attack N1 S1'], dice='TA CAV CAV CAV', expect=['combat 1 dice=4 ta=morale morale=1 retreat=1']),
     dict(active='B', units=[art('ART_F_H', '0809'), 'A S1 INF_H_MUSKET 0508 D4'], orders=['B: attack N1 S1'], dice='TA CAV CAV', expect=['combat 1 ta=morale morale=1']))
case('FLG-TC-016', '''# FLG-TC-016 (ex. 2C) (FLG-T9): ART_F_H fires 2 hexes (0709 → 0508): TA → hit.''',
     dict(active='B', units=[art('ART_F_H', '0709'), 'A S1 INF_H_MUSKET 0508'], orders=['B: attack N1 S1'], dice='TA CAV CAV', expect=['combat 1 ta=hit hits=1', 'stands S1 2']))
case('FLG-TC-017', '''# FLG-TC-017 (ex. 2D) (FLG-T9): ELE_H attacks infantry: TA → hit.''',
     melee(('ELE_H',), ('INF_H_MUSKET',), 'TA CAV CAV ART ART ART', ['combat 1 dice=6 ta=hit hits=1', 'stands S1 2']))
case('FLG-TC-018', '''# FLG-TC-018 (ex. 3A) (FLG-T9, FLG-4.35, FLG-4.31): supported infantry attacks supported infantry: TA → 1 morale hit,
# ignored (supported): no retreat. The defender then ripostes.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'TA ART ART ART ART ART', ['combat 1 ta=morale morale=1 ignored=1 retreat=0', 'at S1 ' + S, 'combat 2 riposte=yes'], more=att_friends + def_friends))
case('FLG-TC-019', '''# FLG-TC-019 (ex. 3B) (FLG-T9, FLG-4.35, FLG-4.10, FLG-T10): INF_L_RIFLE fires 2 hexes (0709 → 0508) at a unit in a
# habitation: TA → miss (a shooter other than artillery against a habitation), and dice are max 2; no riposte against fire.''',
     dict(active='B', units=[art('INF_L_RIFLE', '0709'), 'A S1 INF_H_MUSKET 0508'], orders=['B: attack N1 S1'], dice='TA ART', terrain={'town': S}, expect=['combat 1 dice=2 ta=miss losses=0', 'event combat 1']))
case('FLG-TC-020', '''# FLG-TC-020 [DERIVED] (FLG-T9): unsupported infantry attacks infantry adjacent to a CAV_L friendly to the attacker
# (0507): TA → hit (combined arms).''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'TA ART ART', ['combat 1 ta=hit hits=1'], more=['B C1 CAV_L 0507']))
case('FLG-TC-021', '''# FLG-TC-021 [DERIVED] (FLG-T9): unsupported CAV_M attacks infantry adjacent to an ART_F_L friendly to the attacker: TA → hit.''',
     melee(('CAV_M',), ('INF_H_MUSKET',), 'TA ART ART', ['combat 1 ta=hit hits=1'], more=['B C1 ART_F_L 0507']))
case('FLG-TC-022', '''# FLG-TC-022 [DERIVED] (FLG-T9, FLG-T17, FLG-4.32, FLG-4.40, FLG-3.10): RKT_L fires at CAV_M 3 hexes away: dice TA, FLAG →
# 2 morale hits; rockets on animals double the cavalry's retreat: 2 × 2 × 2 = 8 hexes. From column 05 the edge is 4 hexes
# away: 4 hexes, then 4 losses, and the 3-stand unit is destroyed.''',
     dict(active='B', units=[art('RKT_L', '0809'), 'A S1 CAV_M 0508'], orders=['B: attack N1 S1'], dice='TA FLAG INF', expect=['combat 1 ta=morale morale=2 retreat=8 made=4 destroyed=yes', 'gone S1', 'lost A 1']))
case('FLG-TC-023', '''# FLG-TC-023 [DERIVED] (FLG-T8, FLG-P-19): a Harcèlement (D2) supported infantry attacks unsupported infantry: TA → 2
# morale hits, no hit.''',
     melee(('INF_H_MUSKET', 'D2'), ('INF_H_MUSKET',), 'TA ART ART', ['combat 1 ta=double-morale hits=0 morale=2 retreat=2'], more=att_friends))
case('FLG-TC-024', '''# FLG-TC-024 [DERIVED] (FLG-P-19, FLG-T8): unsupported infantry attacks a Fanatiques defender: TA → hit. The same attack by
# CAV_M into a forest: miss ("always a miss" first).''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'C2'), 'TA ART ART', ['combat 1 ta=hit hits=1']),
     melee(('CAV_M',), ('INF_H_MUSKET', 'C2'), 'TA ART ART ART', ['combat 1 ta=miss hits=0'], terrain={'forest': S}))
case('FLG-TC-025', '''# FLG-TC-025 [DERIVED] (FLG-T9, FLG-4.35, FLG-4.30): INF_L_RIFLE fires 2 hexes at infantry in the open: dice TA, INF →
# 1 hit from the INF face; the TA is a miss (the infantry row is melee only, AMB-3).''',
     dict(active='B', units=[art('INF_L_RIFLE', '0709'), 'A S1 INF_H_MUSKET 0508'], orders=['B: attack N1 S1'], dice='TA INF', expect=['combat 1 dice=2 ta=miss hits=1', 'stands S1 2']))
case('FLG-TC-026', '''# FLG-TC-026 [DERIVED] (FLG-6.5, FLG-T10, FLG-T16, FLG-P-26): an Élite INF_H_MUSKET (4 dice) attacks infantry behind a
# wall hexside (0608|0508, 0508 protected), through it: 2 dice; TA, FLAG: the TA is a miss (no TA across walls) and the
# flag is ignored (wall, infantry defender): nothing. INF, TA: 1 hit only.''',
     melee(('INF_H_MUSKET', 'elite'), ('INF_H_MUSKET',), 'TA FLAG', ['combat 1 dice=2 ta=miss morale=1 ignored=1 retreat=0 losses=0', 'at S1 ' + S], edges={'wall': '0608|0508'}, params={'protected': '0508'}),
     melee(('INF_H_MUSKET', 'elite'), ('INF_H_MUSKET',), 'INF TA', ['combat 1 dice=2 hits=1 losses=1'], edges={'wall': '0608|0508'}, params={'protected': '0508'}))

# ---- 7.3 Retreats (continued)
case('FLG-TC-031', '''# FLG-TC-031 (ex. "even if the attack comes from there") (FLG-4.40, FLG-P-20): S infantry at (5,4)=0508 attacked from
# (5,3)=0407, one of its rearward hexes, with two flags: it still retreats toward its own edge, through (6,3)=0408 to
# (6,2)=0308 or (7,2)=0309.''',
     dict(active='B', units=['B N1 INF_H_MUSKET 0407 activated', 'A S1 INF_H_MUSKET 0508'], orders=['B: attack N1 S1'], dice='FLAG FLAG ART', expect=['combat 1 retreat=2 made=2 losses=0', 'at S1 0308']))
case('FLG-TC-032', '''# FLG-TC-032 (ex. through wood or artillery) (FLG-4.40, FLG-P-20): S infantry with 2 net flags. (5,3)=0407 is a forest
# (and (6,3)=0408 holds a friendly infantry unit): it passes through without stopping to (5,2)=0307. Variant: (5,3) holds
# friendly ART_F_L: it passes through to (5,2) and cannot end there. [DERIVED] One net flag, both rearward hexes friendly
# artillery: no end hex, 1 loss.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG ART', ['combat 1 retreat=2 made=2 losses=0', 'at S1 0308'], terrain={'forest': '0407'}, more=['A G1 INF_H_MUSKET 0408']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG FLAG', ['combat 1 ignored=1 retreat=2 made=2 losses=0', 'at S1 0308'], more=['A G1 INF_H_MUSKET 0408', 'A G2 ART_F_L 0407']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG ART ART ART ART', ['combat 1 ignored=1 retreat=1 made=0 losses=1', 'at S1 0508', 'stands S1 2', 'combat 2 riposte=yes'], more=['A G1 ART_F_L 0408', 'A G2 ART_F_L 0407']))
case('FLG-TC-033', '''# FLG-TC-033 (ex. cavalry cancels one flag) (FLG-4.31, FLG-4.32, FLG-4.40, FLG-T17): supported S CAV_M at 0508, dice
# FLAG, FLAG: support ignores 1, 1 net flag = 2 hexes. (5,3)=0407 is free but (6,3)=0408, (5,2)=0307 and (6,2)=0308 hold
# friendly infantry: 1 hex to 0407 and 1 loss (the rule, not the caption, AMB-30).''',
     melee(('INF_H_MUSKET',), ('CAV_M',), 'FLAG FLAG ART', ['combat 1 morale=2 ignored=1 retreat=2 made=1 losses=1', 'at S1 0407', 'stands S1 2'],
           more=['A G1 INF_H_MUSKET 0408', 'A G2 INF_H_MUSKET 0307', 'A G3 INF_H_MUSKET 0308', 'A G4 INF_H_MUSKET 0507']))
case('FLG-TC-034', '''# FLG-TC-034 (ex. artillery cannot retreat into the wood) (FLG-4.41, FLG-4.31, FLG-4.42): unsupported S ART_F_L, rearward
# hexes forest without road; FLAG ×3: artillery ignores 1, 2 retreat hexes, none possible: 2 losses, no desertion dice.''',
     melee(('INF_H_MUSKET',), ('ART_F_L',), 'FLAG FLAG FLAG', ['combat 1 morale=3 ignored=1 retreat=2 made=0 losses=2 desertion=', 'stands S1 1'], terrain={'forest': '0407 0408'}))
case('FLG-TC-035', '''# FLG-TC-035 (ex. A/B) (FLG-4.40): S infantry, 2 net flags: (A) a free path, 2 hexes; (B) after the first hex both rearward
# hexes are blocked: 1 hex and 1 loss.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG ART', ['combat 1 made=2 losses=0']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG ART', ['combat 1 retreat=2 made=1 losses=1', 'stands S1 2'], more=['A G1 INF_H_MUSKET 0307', 'A G2 INF_H_MUSKET 0308', 'A G3 INF_H_MUSKET 0309']))
case('FLG-TC-036', '''# FLG-TC-036 [DERIVED] (FLG-3.10, FLG-4.40): S infantry on its own edge ((3,0)=0104) with 1 net flag: 1 loss. N infantry
# there retreats toward its own edge normally.''',
     dict(active='B', units=['B N1 INF_H_MUSKET 0204 activated', 'A S1 INF_H_MUSKET 0104'], orders=['B: attack N1 S1'], dice='FLAG ART ART', expect=['combat 1 retreat=1 made=0 losses=1', 'stands S1 2']),
     dict(active='A', units=['A N1 INF_H_MUSKET 0204 activated', 'B S1 INF_H_MUSKET 0104'], orders=['A: attack N1 S1'], dice='FLAG ART ART', expect=['combat 1 retreat=1 made=1 losses=0', 'at S1 0203']))
case('FLG-TC-037', '''# FLG-TC-037 [DERIVED] (FLG-4.40, FLG-T10): 1 net flag; (5,3)=0407 is a lake and (6,3)=0408 a marsh: it retreats into the
# marsh. Both lake: 1 loss.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG ART ART', ['combat 1 made=1 losses=0', 'at S1 0408'], terrain={'lake': '0407', 'marsh': '0408'}),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG ART ART', ['combat 1 made=0 losses=1'], terrain={'lake': '0407 0408'}))
case('FLG-TC-038', '''# FLG-TC-038 [DERIVED] (FLG-T8, FLG-4.40): Insaisissable (D4) INF_L_MUSKET at 0508 with 1 net flag (2 flags, supported):
# both rearward hexes and the other neighbours are friendly units but (6,4)=0509: it retreats there with no loss.''',
     melee(('INF_H_MUSKET',), ('INF_L_MUSKET', 'D4'), 'FLAG FLAG ART', ['combat 1 morale=2 ignored=1 retreat=1 made=1 losses=0', 'at S1 0509'],
           more=['A G1 INF_H_MUSKET 0407', 'A G2 INF_H_MUSKET 0408', 'A G3 INF_H_MUSKET 0507', 'A G4 INF_H_MUSKET 0607']))
case('FLG-TC-039', '''# FLG-TC-039 [DERIVED] (FLG-4.32, FLG-T17, FLG-P-18, FLG-T8): 1 net flag: Hésitants infantry 2 hexes, Fuyants 3,
# Changeants 2, Entêtés 0; Tenace CAV_M with 2 net flags: (2 − 1) + 2 = 3.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'A3'), 'FLAG ART ART', ['combat 1 retreat=2 made=2']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'A4'), 'FLAG ART ART', ['combat 1 retreat=3 made=3']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'D5'), 'FLAG ART ART', ['combat 1 retreat=2 made=2']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'D1'), 'FLAG ART ART', ['combat 1 retreat=0 made=0', 'at S1 0508']),
     melee(('INF_H_MUSKET',), ('CAV_M', 'A7'), 'FLAG FLAG ART', ['combat 1 retreat=3 made=3']))

# ---- 7.4 Artillery retreat carry-over
def own(units, orders, dice, expect, phase='combat', **kw):
    v = dict(active='A', phase=phase, units=units, orders=orders, dice=dice, expect=expect)
    v.update(kw)
    return v
case('FLG-TC-040', '''# FLG-TC-040 (FLG-4.41, FLG-4.21, FLG-4.23): ART_F_VL that retreated 1 hex in the opponent's turn (carry=1) may move 1
# hex without combat, or stay and fire with 3 − 1 = 2 dice.''',
     own(['A A1 ART_F_VL 0508 activated carry=1', 'B T1 INF_H_MUSKET 0710'], ['A: move A1 0608', 'A: end', 'A: attack A1 T1'], '', ['ok 1', 'rejected 3 no-combat FLG-4.21', 'not-legal A move A1 0708'], phase='move'),
     own(['A A1 ART_F_VL 0508 activated carry=1', 'B T1 INF_H_MUSKET 0708'], ['A: attack A1 T1'], 'ART ART', ['combat 1 dice=2']))
case('FLG-TC-041', '''# FLG-TC-041 (FLG-4.41, FLG-4.21): ART_F_L that retreated 1 hex: no movement and no combat in its next turn.''',
     own(['A A1 ART_F_L 0508 activated carry=1', 'B T1 INF_H_MUSKET 0708'], ['A: move A1 0608', 'A: end', 'A: attack A1 T1'], '', ['rejected 1 cannot-reach FLG-3.5', 'rejected 3 no-combat FLG-4.21'], phase='move'))
case('FLG-TC-042', '''# FLG-TC-042 (FLG-4.41, FLG-4.23): ART_H_L that retreated 1 hex: it moves 1 hex and fires with 3 − 2 = 1 die, or stays
# and fires with 2.''',
     own(['A A1 ART_H_L 0508 activated carry=1', 'B T1 INF_H_MUSKET 0809'], ['A: move A1 0608', 'A: end', 'A: attack A1 T1'], 'ART', ['ok 1', 'ok 2', 'ok 3', 'combat 1 dice=1', 'not-legal A move A1 0708'], phase='move'),
     own(['A A1 ART_H_L 0508 activated carry=1', 'B T1 INF_H_MUSKET 0708'], ['A: attack A1 T1'], 'ART ART', ['combat 1 dice=2']))
case('FLG-TC-043', '''# FLG-TC-043 ("medium" artillery; AMB-11) (FLG-4.41, FLG-4.42): ART_F_L on a road with 2 net flags (3 flags, artillery
# ignores 1): along the road (0508-0407-0307) 2 hexes and no loss, then 2 desertion dice; off the road 1 hex and 1 loss;
# rearward hexes forest without road: no hex and 2 losses.''',
     melee(('INF_H_MUSKET',), ('ART_F_L',), 'FLAG FLAG FLAG INF INF', ['combat 1 retreat=2 made=2 losses=0 desertion=INF+INF', 'at S1 0307', 'carry S1 2'], links={'road': ['0508 0407 0307']}),
     melee(('INF_H_MUSKET',), ('ART_F_L',), 'FLAG FLAG FLAG INF', ['combat 1 retreat=2 made=1 losses=1 desertion=INF', 'stands S1 2']),
     melee(('INF_H_MUSKET',), ('ART_F_L',), 'FLAG FLAG FLAG', ['combat 1 retreat=2 made=0 losses=2', 'stands S1 1'], terrain={'forest': '0407 0408'}))
case('FLG-TC-044', '''# FLG-TC-044 (FLG-4.41, FLG-T2): ART_F_VH with 2 net flags, even on a road: 1 hex and 1 loss (never more than 1 hex).''',
     melee(('INF_H_MUSKET',), ('ART_F_VH',), 'FLAG FLAG FLAG INF', ['combat 1 retreat=2 made=1 losses=1'], links={'road': ['0508 0407 0307']}))
case('FLG-TC-045', '''# FLG-TC-045 (FLG-4.41, FLG-T8): ART_F_H with Statique (B3) and 2 net flags: 2 losses.''',
     melee(('INF_H_MUSKET',), ('ART_F_H', 'B3'), 'FLAG FLAG FLAG', ['combat 1 retreat=2 made=0 losses=2', 'at S1 0508']))
case('FLG-TC-046', '''# FLG-TC-046 (FLG-4.41, FLG-4.42): artillery always has Panique when it retreats: ART_F_L retreats 1 hex; desertion die ART:
# 1 loss; INF: none.''',
     melee(('INF_H_MUSKET',), ('ART_F_L',), 'FLAG FLAG INF ART', ['combat 1 made=1 desertion=ART losses=1', 'stands S1 2']),
     melee(('INF_H_MUSKET',), ('ART_F_L',), 'FLAG FLAG INF INF', ['combat 1 made=1 desertion=INF losses=0']))

# ---- 7.5 Desertion
case('FLG-TC-050', '''# FLG-TC-050 (FLG-4.42, FLG-4.33, FLG-T8): Panique (A1) infantry: (A) 1 net flag, 1 hex, desertion INF: 1 loss;
# (B) 2 net flags, 2 hexes, desertion INF, CAV: 1 loss.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'A1'), 'FLAG ART ART INF', ['combat 1 made=1 desertion=INF losses=1']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'A1'), 'FLAG FLAG ART INF CAV', ['combat 1 made=2 desertion=INF+CAV losses=1']))
case('FLG-TC-051', '''# FLG-TC-051 (FLG-4.42): (A) Élite infantry without Panique, 1 net flag: no test; (B) "volunteers" without Panique, 2
# net flags: no test.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'elite'), 'FLAG ART ART', ['combat 1 made=1 desertion= losses=0']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG ART', ['combat 1 made=2 desertion= losses=0']))
case('FLG-TC-052', '''# FLG-TC-052 (FLG-4.42, FLG-5.2): (A) Panique CAV_M hit by fire (ART_F_H 2 hexes away), 1 net flag: 2 hexes, 2 desertion
# dice CAV, FLAG: 1 loss. (B) Panique infantry (3 stands), 3 net flags: 3 hexes, INF ×3: 3 losses, destroyed, and it
# counts toward demoralisation.''',
     dict(active='B', units=[art('ART_F_H', '0709'), 'A S1 CAV_M 0508 A1'], orders=['B: attack N1 S1'], dice='FLAG INF INF CAV FLAG', expect=['combat 1 retreat=2 made=2 desertion=CAV+FLAG losses=1']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'A1'), 'FLAG FLAG FLAG INF INF INF', ['combat 1 made=3 losses=3 destroyed=yes', 'gone S1', 'lost A 1']))
case('FLG-TC-053', '''# FLG-TC-053 [DERIVED] (FLG-4.42, FLG-4.40): Panique infantry with 2 net flags can retreat only 1 hex: 1 loss for the
# missing hex and 1 desertion die.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'A1'), 'FLAG FLAG ART INF', ['combat 1 made=1 desertion=INF losses=2', 'stands S1 1'], more=['A G1 INF_H_MUSKET 0307', 'A G2 INF_H_MUSKET 0308', 'A G3 INF_H_MUSKET 0309']))

# ---- 7.6 Follow-up and pursuit
case('FLG-TC-060', '''# FLG-TC-060 (FLG-4.50, FLG-T11, FLG-P-21): on level ground a Trained INF_H_MUSKET that pushes its target back may not
# follow up; an Élite one may (the attacker decides: advance).''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG ART ART', ['combat 1 made=1', 'no-pending', 'no-event followed', 'at N1 0608']),
     melee(('INF_H_MUSKET', 'elite'), ('INF_H_MUSKET',), 'FLAG ART ART ART', ['pending follow-up B', 'options advance N1 | stay N1', 'at N1 0608'], orders=['B: attack N1 S1']),
     melee(('INF_H_MUSKET', 'elite'), ('INF_H_MUSKET',), 'FLAG ART ART ART', ['ok 2', 'at N1 0508', 'no-pending'], orders=['B: attack N1 S1', 'B: advance N1']))
case('FLG-TC-061', '''# FLG-TC-061 (FLG-4.50, FLG-T11, FLG-P-21): Trained infantry on a hill (0608) attacks a unit below (0508), which retreats:
# it must follow up; an Élite one may refuse.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG ART ART', ['at N1 0508', 'event followed', 'no-pending'], levels={'1': '0608'}),
     melee(('INF_H_MUSKET', 'elite'), ('INF_H_MUSKET',), 'FLAG ART ART', ['combat 1 dice=3', 'ok 2', 'at N1 0608', 'no-pending'], orders=['B: attack N1 S1', 'B: stay N1'], levels={'1': '0608'}))
case('FLG-TC-062', '''# FLG-TC-062 (FLG-4.50, FLG-T11): a Trained CAV_M on a hill attacking below must follow up (and is then offered the
# pursuit); ART_F_L next to a target it destroyed never follows up; an ELE_M that pushed its target back must follow up;
# [DERIVED] CAV_L on level ground may.''',
     melee(('CAV_M',), ('INF_H_MUSKET',), 'FLAG ART ART', ['at N1 0508', 'pending pursuit B'], levels={'1': '0608'}),
     melee(('ART_F_L',), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART', ['gone S1', 'at N1 0608', 'no-pending', 'no-event followed']),
     melee(('ELE_M',), ('INF_H_MUSKET',), 'FLAG ART ART ART ART', ['at N1 0508', 'event followed']),
     melee(('CAV_L',), ('INF_H_MUSKET',), 'FLAG ART', ['pending follow-up B', 'at N1 0608']))
case('FLG-TC-063', '''# FLG-TC-063 [DERIVED] (FLG-T11, FLG-T8): Agressifs, Fanatiques and Changeants Trained infantry on level ground that push
# their target back must follow up; the Changeants may then go one hex more, without combat.''',
     melee(('INF_H_MUSKET', 'C3'), ('INF_H_MUSKET',), 'FLAG ART ART ART', ['at N1 0508']),
     melee(('INF_H_MUSKET', 'C2'), ('INF_H_MUSKET',), 'FLAG ART ART ART', ['at N1 0508']),
     melee(('INF_H_MUSKET', 'D5'), ('INF_H_MUSKET',), 'FLAG ART ART', ['at N1 0508', 'pending extra-hex B']),
     melee(('INF_H_MUSKET', 'D5'), ('INF_H_MUSKET',), 'FLAG ART ART', ['ok 2', 'at N1 0507', 'no-pending'], orders=['B: attack N1 S1', 'B: advance N1 0507']))
case('FLG-TC-070', '''# FLG-TC-070 (FLG-4.51, FLG-4.50): (A) CAV_M pushes infantry back 1 hex, follows up into 0508, then pursues on the spot
# and attacks the same unit again (now at 0407). (B) CAV_M destroys its target, follows up, moves 1 more hex (0407) and
# attacks a new enemy adjacent to it (0307).''',
     melee(('CAV_M',), ('INF_H_MUSKET',), 'FLAG ART ART ART ART ART', ['ok 2', 'ok 3', 'combat 2 attacker=N1 target=S1 dice=3', 'at N1 0508', 'no-pending'], orders=['B: attack N1 S1', 'B: advance N1', 'B: pursue N1 0508 S1']),
     melee(('CAV_M',), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART ART ART ART', ['gone S1', 'ok 3', 'combat 2 target=S2', 'at N1 0407'], orders=['B: attack N1 S1', 'B: advance N1', 'B: pursue N1 0407 S2'], more=['A S2 INF_H_MUSKET 0307'], params={'initial-A': '15'}))
case('FLG-TC-071', '''# FLG-TC-071 (FLG-4.50, FLG-4.51, FLG-T8): ELE_M pushes back a militia (Hésitants) unit, 1 flag = 2 hexes (to 0307); the
# elephant must follow up, then may pursue 1 hex (0407) to attack the same unit again.''',
     melee(('ELE_M',), ('INF_H_MUSKET', 'A3'), 'FLAG ART ART ART ART ART ART ART ART ART', ['combat 1 retreat=2 made=2', 'at S1 0307', 'ok 2', 'combat 2 target=S1 dice=5', 'at N1 0407'], orders=['B: attack N1 S1', 'B: pursue N1 0407 S1']))
case('FLG-TC-072', '''# FLG-TC-072 (FLG-4.51, FLG-4.3): CAV_M destroys unit 1, follows up and pursues; in the second combat it pushes unit 2
# back; it may follow up again, but not pursue a second time nor start a third combat.''',
     melee(('CAV_M',), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART FLAG ART ART', ['ok 3', 'ok 4', 'no-pending', 'at N1 0407', 'rejected 5 fought FLG-4.3'],
           orders=['B: attack N1 S1', 'B: advance N1', 'B: pursue N1 0508 S2', 'B: advance N1', 'B: attack N1 S3'], more=['A S2 INF_H_MUSKET 0407', 'A S3 INF_H_MUSKET 0307'], params={'initial-A': '15'}))
case('FLG-TC-073', '''# FLG-TC-073 [DERIVED] (FLG-4.50, FLG-4.61): a riposte makes the original attacker retreat: the riposting defender may not
# follow up.''',
     melee(('INF_H_MUSKET', 'elite'), ('INF_H_MUSKET', 'elite'), 'ART ART ART ART FLAG FLAG ART ART', ['combat 2 riposte=yes made=2', 'at S1 0508', 'no-pending', 'no-event followed'], more=def_friends))

# ---- 7.7 Riposte
case('FLG-TC-080', '''# FLG-TC-080 [DERIVED] (FLG-4.60, FLG-4.61): N infantry attacks a supported S INF_H_MUSKET: CAV, CAV, INF: 1 loss, no
# flag; still adjacent and supported, the defender ripostes with 3 dice FLAG, INF, ART: the attacker loses 1 stand and
# retreats 1 hex (unsupported); the defender may not follow up.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'CAV CAV INF FLAG INF ART', ['combat 1 hits=1', 'combat 2 riposte=yes dice=3 hits=1 retreat=1 made=1', 'stands N1 2', 'at N1 0708', 'at S1 0508', 'no-event followed'], more=def_friends))
case('FLG-TC-081', '''# FLG-TC-081 [DERIVED] (FLG-4.60): the same, but the defender retreated after the attack (2 flags, 1 ignored): no riposte.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG ART', ['combat 1 made=1', 'event combat 1'], more=def_friends))
case('FLG-TC-082', '''# FLG-TC-082 [DERIVED] (FLG-4.60): artillery fires at supported infantry 3 hexes away: no riposte (ranged fire).''',
     dict(active='B', units=[art('ART_F_H', '0809'), 'A S1 INF_H_MUSKET 0508'] + def_friends, orders=['B: attack N1 S1'], dice='ART ART ART', expect=['event combat 1']))
case('FLG-TC-083', '''# FLG-TC-083 [DERIVED] (FLG-4.62, FLG-P-22): an unsupported INF_H_MELEE declares a melee against a supported modern
# INF_H_MUSKET: the riposte comes first, FLAG, CAV, ART: 1 net flag, the attacker retreats 1 hex, the attack is cancelled
# and the attacker has fought. Variant: CAV, CAV, ART leave it adjacent: it attacks normally, with no second riposte.''',
     melee(('INF_H_MELEE',), ('INF_H_MUSKET',), 'FLAG CAV ART', ['combat 1 preemptive=yes riposte=yes made=1 cancelled=yes', 'event combat 1', 'at N1 0708', 'not-legal B attack N1 S1'], more=def_friends),
     melee(('INF_H_MELEE',), ('INF_H_MUSKET',), 'CAV CAV ART ART ART ART', ['combat 1 preemptive=yes', 'combat 2 attacker=N1 riposte=no', 'event combat 2'], more=def_friends))
case('FLG-TC-084', '''# FLG-TC-084 [DERIVED] (FLG-6.5, FLG-T10, FLG-4.60): an unsupported infantry defender behind a ditch hexside (0608|0508,
# 0508 protected) attacked across it stays in place: it counts as supported for the riposte, and ripostes.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'ART ART ART ART ART', ['combat 1 dice=2', 'combat 2 riposte=yes'], edges={'ditch': '0608|0508'}, params={'protected': '0508'}))
case('FLG-TC-085', '''# FLG-TC-085 [DERIVED] (FLG-4.60, FLG-2.6): a supported unit that is not activated ripostes normally when attacked.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'ART ART ART ART ART ART', ['activated S1 no', 'combat 2 riposte=yes attacker=S1'], more=def_friends))

# ---- 7.8 Elephants
case('FLG-TC-090', '''# FLG-TC-090 (FLG-4.70, FLG-4.71, FLG-P-23): infantry attacks S ELE_M at 0508: CAV, INF, INF: 1 loss (the CAV face on a war
# elephant): it becomes a panicking elephant, whose flight roll FLAG, TA, INF takes it 2 hexes toward its edge, (5,3)=0407
# then (5,2)=0307. (B) From (5,1)=0206 it reaches the edge and disappears.''',
     melee(('INF_H_MUSKET',), ('ELE_M',), 'CAV INF INF FLAG TA INF', ['combat 1 hits=1 destroyed=yes', 'gone S1', 'lost A 1', 'at S1-PE 0307']),
     dict(active='B', units=['B N1 INF_H_MUSKET 0307 activated', 'A S1 ELE_M 0206'], orders=['B: attack N1 S1'], dice='CAV INF INF FLAG TA INF', expect=['gone S1', 'gone S1-PE', 'lost A 1']))
case('FLG-TC-091', '''# FLG-TC-091 (FLG-4.70, FLG-P-37, FLG-A2.3): infantry attacks S infantry on elephants: INF: 1 loss, taken by the elephant
# stand; a panicking elephant appears in the free hex toward its edge (0407) and flees (FLAG, FLAG, INF: 2 hexes); the unit
# goes on as foot infantry with 3 stands. (B) After 1 hex the panicking elephant faces impassable terrain: the hex it
# cannot make is a loss, so it disappears.''',
     melee(('INF_H_MUSKET',), ('INF_L_MUSKET', 'mount=elephant'), 'INF ART ART FLAG FLAG INF', ['stands S1 3', 'at S1 0508', 'at S1-PE 0206', 'lost A 0']),
     melee(('INF_H_MUSKET',), ('INF_L_MUSKET', 'mount=elephant'), 'INF ART ART FLAG FLAG INF', ['stands S1 3', 'gone S1-PE', 'lost A 0'], terrain={'lake': '0206 0207 0208'}))
case('FLG-TC-092', '''# FLG-TC-092 (FLG-4.71, FLG-P-23): at the start of side A's turn its panicking elephant (0508) flees 1 hex; (5,3)=0407 is
# a lake and an N infantry unit stands on (6,3)=0408: the elephant attacks it with 3 dice FLAG, TA, CAV: 1 hit from the TA
# (Elephant row) and 1 net flag: the infantry retreats toward its edge (0509), and the elephant goes on into 0408.''',
     dict(active='B', units=['A E1 PANIC_ELE 0508', 'B N2 INF_H_MUSKET 0408'], terrain={'lake': '0407'}, orders=['B: end'], dice='FLAG INF INF FLAG TA CAV',
          expect=['combat 1 attacker=E1 target=N2 hits=1 morale=1 made=1', 'at N2 0509', 'stands N2 2', 'at E1 0408', 'phase 2 command A', 'event fled']))
case('FLG-TC-093', '''# FLG-TC-093 [DERIVED] (FLG-4.70, FLG-A2.14, FLG-4.41): elephant-towed ART_E_H (1 elephant + 3 guns) takes 1 loss from
# an ART face: the elephant stand is lost and panics (0407, no flight: INF ×3), and the 3 gun stands become Static. A later
# net flag is then all losses.''',
     melee(('INF_H_MUSKET',), ('ART_E_H',), 'ART INF INF INF INF INF FLAG FLAG INF', ['combat 1 hits=1', 'stands S1 2', 'static S1 yes', 'at S1-PE 0407', 'combat 2 retreat=1 made=0 losses=1'],
           orders=['B: attack N1 S1', 'B: attack N2 S1'], more=['B N2 INF_H_MUSKET 0509 activated']))
case('FLG-TC-094', '''# FLG-TC-094 [DERIVED] (FLG-4.70, FLG-5.2, FLG-P-25): elephant-borne ART_E_L takes 1 ART hit: the unit is eliminated
# (it counts as lost) and a panicking elephant remains in its hex (its flight INF ×3 does not move it).''',
     melee(('INF_H_MUSKET',), ('ART_E_L',), 'ART INF INF INF INF INF', ['gone S1', 'lost A 1', 'at S1-PE 0508']))

# ---- 7.9 Line of sight: the digest's (q, r) shifted by (4, 1) so that the firer's (0,0) is 0205.
def L(q, r):
    return lab(q + 4, r + 1)
F = L(0, 0)
def sightpos(units, expect, **kw):
    v = dict(units=units, expect=expect, phase='combat')
    v.update(kw)
    return v
case('FLG-TC-100', '''# FLG-TC-100 (fig. 1) (FLG-4.12, FLG-4.13, FLG-P-13, FLG-4.15, FLG-TC-108): level ground, ART_F_H at (0,0). (A) a target at
# (3,0), a clear line; (B) a target at (0,3) with a forest at (0,2): blocked; (C) a target at (2,2) with a forest at (1,0)
# only: clear (the line runs along hexsides and is blocked on one side only). Digest (q,r) → lab(q+4, r+1).''',
     sightpos(['A F1 ART_F_H ' + F], ['sight %s %s clear' % (F, L(3, 0))]),
     sightpos(['A F1 ART_F_H ' + F], ['sight %s %s blocked' % (F, L(0, 3))], terrain={'forest': L(0, 2)}),
     sightpos(['A F1 ART_F_H ' + F], ['sight %s %s clear' % (F, L(2, 2))], terrain={'forest': L(1, 0)}))
case('FLG-TC-101', '''# FLG-TC-101 (fig. 2) (FLG-4.12, FLG-4.13, FLG-4.16, FLG-TC-108): (A) a target at (3,0) with a unit at (1,0): blocked;
# (B) a target at (2,2) with a unit at (1,0) only: clear; (C) units at (1,0) and (1,2): blocked (masks on both sides, even
# at separate places).''',
     sightpos(['A F1 ART_F_H ' + F, 'A M1 INF_H_MUSKET ' + L(1, 0)], ['sight %s %s blocked' % (F, L(3, 0)), 'sight %s %s clear' % (F, L(2, 2))]),
     sightpos(['A F1 ART_F_H ' + F, 'A M1 INF_H_MUSKET ' + L(1, 0), 'B M2 INF_H_MUSKET ' + L(1, 2)], ['sight %s %s blocked' % (F, L(2, 2))]))
case('FLG-TC-102', '''# FLG-TC-102 (fig. 3) (FLG-4.14, FLG-P-13, FLG-T10, FLG-TC-108): ART_F_H on a hill at (0,0), the rest level 0. (A) a friendly
# unit at (1,0), at the foot, target (2,0): clear; (B) a friendly unit at (0,2), target (0,3): blocked (1-hex shadow);
# (C) the same unit, target (0,4): clear.''',
     sightpos(['A F1 ART_F_H ' + F, 'A M1 INF_H_MUSKET ' + L(1, 0), 'A M2 INF_H_MUSKET ' + L(0, 2)],
              ['sight %s %s clear' % (F, L(2, 0)), 'sight %s %s blocked' % (F, L(0, 3)), 'sight %s %s clear' % (F, L(0, 4))], levels={'1': F}))
case('FLG-TC-103', '''# FLG-TC-103 (fig. 4) (FLG-4.14, FLG-P-13, FLG-TC-108): artillery on a hill at (0,0). (A) a forest at (1,0) (shadow 1),
# target (3,0): clear; [DERIVED] target (2,0): blocked. (B) a forest at (0,2) (shadow 2: distances 3–4), target (0,4):
# blocked. (C) another hill hex of the same level at (−2,2), target (−3,3): blocked.''',
     sightpos(['A F1 ART_F_H ' + F], ['sight %s %s clear' % (F, L(3, 0)), 'sight %s %s blocked' % (F, L(2, 0)), 'sight %s %s blocked' % (F, L(0, 4)), 'sight %s %s blocked' % (F, L(-3, 3))],
              levels={'1': '%s %s' % (F, L(-2, 2))}, terrain={'forest': '%s %s' % (L(1, 0), L(0, 2))}))
case('FLG-TC-104', '''# FLG-TC-104 (fig. 5, "seen in reverse") (FLG-4.14, FLG-4.15, FLG-P-13, FLG-TC-108): infantry on a hill at (0,0). (A) ART_F_H
# at (2,0) with a unit at (1,0), at the foot: it can fire; (B) ART_F_H at (0,4) with a forest at (0,2): it cannot (the
# wood's shadow); (C) ART_F_L at (−3,3) with a forest at (−1,1) (shadow 1): it can.''',
     sightpos(['A H1 INF_H_MUSKET ' + F, 'B A1 ART_F_H ' + L(2, 0), 'B M1 INF_H_MUSKET ' + L(1, 0), 'B A2 ART_F_H ' + L(0, 4), 'B A3 ART_F_L ' + L(-3, 3)],
              ['sight %s %s clear' % (L(2, 0), F), 'sight %s %s blocked' % (L(0, 4), F), 'sight %s %s clear' % (L(-3, 3), F)],
              levels={'1': F}, terrain={'forest': '%s %s' % (L(0, 2), L(-1, 1))}))
case('FLG-TC-105', '''# FLG-TC-105 (fig. 6) (FLG-4.16, FLG-P-13, FLG-TC-108): artillery at (0,0). (A) friendly infantry at (1,0), an enemy ELE_M
# at (2,0): clear (the elephant is taller); (B) an enemy ELE_M at (0,2) with a forest at (0,1): blocked (elephants are lower
# than woods). [DERIVED] An elephant behind another elephant: blocked.''',
     sightpos(['A F1 ART_F_H ' + F, 'A M1 INF_H_MUSKET ' + L(1, 0), 'B E1 ELE_M ' + L(2, 0), 'B E2 ELE_M ' + L(0, 2)],
              ['sight %s %s clear' % (F, L(2, 0)), 'sight %s %s blocked' % (F, L(0, 2))], terrain={'forest': L(0, 1)}),
     sightpos(['A F1 ART_F_H ' + F, 'B E0 ELE_M ' + L(1, 0), 'B E1 ELE_M ' + L(2, 0)], ['sight %s %s blocked' % (F, L(2, 0))]))
case('FLG-TC-106', '''# FLG-TC-106 [DERIVED] (FLG-4.12, FLG-T10): a target in a forest at (2,0), (1,0) clear: visible (the target's own terrain
# never blocks); dice max 2.''',
     sightpos(['A F1 ART_F_H ' + F, 'B T1 INF_H_MUSKET ' + L(2, 0)], ['sight %s %s clear' % (F, L(2, 0)), 'dice F1 T1 2'], terrain={'forest': L(2, 0)}))
case('FLG-TC-107', '''# FLG-TC-107 [DERIVED] (FLG-4.11): a target at (3,0) is at range 3, in range of ART_F_L (3); one at (4,0) is out of range.''',
     dict(active='A', units=['A F1 ART_F_L %s activated' % F, 'B T1 INF_H_MUSKET ' + L(3, 0), 'B T2 INF_H_MUSKET ' + L(4, 1)], orders=['A: attack F1 T2', 'A: attack F1 T1'], dice='CAV CAV CAV',
          expect=['rejected 1 out-of-range FLG-4.11', 'ok 2']))

# ---- 7.10 Choice of targets
case('FLG-TC-110', '''# FLG-TC-110 (FLG-4.17): artillery with enemy A 2 hexes away and enemy B 3 hexes away, both visible, may fire at B.''',
     dict(active='A', units=['A F1 ART_F_L %s activated' % F, 'B TA INF_H_MUSKET ' + L(2, 0), 'B TB INF_H_MUSKET ' + L(0, 3)], orders=['A: attack F1 TB'], dice='CAV CAV CAV', expect=['ok 1', 'combat 1 target=TB']))
case('FLG-TC-111', '''# FLG-TC-111 (FLG-4.17, FLG-4.18): the same with an enemy C adjacent: it must attack C, in melee; fire at A or B is refused.''',
     dict(active='A', units=['A F1 ART_F_L %s activated' % F, 'B TA INF_H_MUSKET ' + L(2, 0), 'B TB INF_H_MUSKET ' + L(0, 3), 'B TC INF_H_MUSKET ' + L(-1, 0)],
          orders=['A: attack F1 TA', 'A: attack F1 TB', 'A: attack F1 TC'], dice='CAV CAV CAV', expect=['rejected 1 must-melee FLG-4.17', 'rejected 2 must-melee FLG-4.17', 'ok 3']))
case('FLG-TC-112', '''# FLG-TC-112 [DERIVED] (FLG-4.21, FLG-T2): RKT_L with an enemy adjacent cannot attack at all.''',
     dict(active='A', units=['A F1 RKT_L %s activated' % F, 'B TA INF_H_MUSKET ' + L(2, 0), 'B TC INF_H_MUSKET ' + L(-1, 0)],
          orders=['A: attack F1 TA', 'A: attack F1 TC'], expect=['rejected 1 rocket-adjacent FLG-4.21', 'rejected 2 rocket-adjacent FLG-4.21']))

# ---- 7.11 Movement (a 1-row corridor board where only one path exists)
def corridor(units, orders, expect, **kw):
    v = dict(active='A', phase='move', width=9, height=1, units=units, orders=orders, expect=expect)
    v.update(kw)
    return v
case('FLG-TC-120', '''# FLG-TC-120 (source [SRC L389]) (FLG-3.8, FLG-4.21, FLG-P-12): INF_H_MUSKET starting on a road moves 3 hexes along it:
# legal, and it cannot fight this turn; starting off the road, at most 2 hexes (without combat); starting on the road and
# leaving it, at most 2.''',
     corridor(['A A1 INF_H_MUSKET 0101 activated', 'B T1 INF_H_MUSKET 0501'], ['A: move A1 0401', 'A: end', 'A: attack A1 T1'], ['ok 1', 'rejected 3 no-combat FLG-4.21'], links={'road': ['0101 0201 0301 0401']}),
     corridor(['A A1 INF_H_MUSKET 0101 activated'], ['A: move A1 0401', 'A: move A1 0301'], ['rejected 1 cannot-reach FLG-3.5', 'ok 2'], links={'road': ['0201 0301 0401']}),
     corridor(['A A1 INF_H_MUSKET 0101 activated'], ['A: move A1 0401', 'A: move A1 0301'], ['rejected 1 cannot-reach FLG-3.5', 'ok 2'], links={'road': ['0101 0201']}))
case('FLG-TC-121', '''# FLG-TC-121 (FLG-3.9, FLG-A2.3, FLG-3.8): INF_L_MUSKET mounted on horses, on a road: 2 + 1 (mount) + 1 (road) = 4 hexes,
# without combat.''',
     corridor(['A A1 INF_L_MUSKET 0101 activated mount=horse', 'B T1 INF_H_MUSKET 0601'], ['A: move A1 0501', 'A: end', 'A: attack A1 T1'], ['ok 1', 'rejected 3 no-combat FLG-4.21'], links={'road': ['0101 0201 0301 0401 0501']}))
case('FLG-TC-122', '''# FLG-TC-122 (FLG-3.2): CAV_L moves through a friendly ART_F_L hex to a free hex beyond: legal; ending in the artillery's
# hex: illegal; through a friendly infantry hex: illegal.''',
     corridor(['A A1 CAV_L 0101 activated', 'A G1 ART_F_L 0201'], ['A: move A1 0201', 'A: move A1 0301'], ['rejected 1 cannot-reach FLG-3.5', 'ok 2']),
     corridor(['A A1 CAV_L 0101 activated', 'A G1 INF_H_MUSKET 0201'], ['A: move A1 0301'], ['rejected 1 cannot-reach FLG-3.5']))
case('FLG-TC-123', '''# FLG-TC-123 (FLG-T10, FLG-P-12): CAV_L (MA 4) whose second hex is a forest stops there.''',
     corridor(['A A1 CAV_L 0101 activated'], ['A: move A1 0401', 'A: move A1 0301'], ['rejected 1 cannot-reach FLG-3.5', 'ok 2'], terrain={'forest': '0301'}))
case('FLG-TC-124', '''# FLG-TC-124 (FLG-T10, FLG-P-12): INF_L_MUSKET (MA 2): entering rocky ground costs 2, so it ends there; leaving it next
# turn: 1 hex (cost 2).''',
     corridor(['A A1 INF_L_MUSKET 0101 activated'], ['A: move A1 0301', 'A: move A1 0201'], ['rejected 1 cannot-reach FLG-3.5', 'ok 2'], terrain={'rocks': '0201'}),
     corridor(['A A1 INF_L_MUSKET 0201 activated'], ['A: move A1 0401', 'A: move A1 0301'], ['rejected 1 cannot-reach FLG-3.5', 'ok 2'], terrain={'rocks': '0201'}))
case('FLG-TC-125', '''# FLG-TC-125 (FLG-T10, FLG-P-12, FLG-1.4d, FLG-4.21): ART_F_VL cannot enter a forest but along a road; there it cannot fight.''',
     corridor(['A A1 ART_F_VL 0101 activated'], ['A: move A1 0201'], ['rejected 1 cannot-reach FLG-3.5'], terrain={'forest': '0201'}),
     corridor(['A A1 ART_F_VL 0101 activated', 'B T1 INF_H_MUSKET 0301'], ['A: move A1 0201', 'A: end', 'A: attack A1 T1'], ['ok 1', 'rejected 3 no-combat FLG-4.21'], terrain={'forest': '0201'}, links={'road': ['0101 0201']}))
case('FLG-TC-127', '''# FLG-TC-127 (FLG-3.7): CAV_L moves 4 hexes along hexes adjacent to enemies, with no penalty (no ZOC).''',
     dict(active='A', phase='move', units=['A A1 CAV_L 0503 activated', 'B T1 INF_H_MUSKET 0604', 'B T2 INF_H_MUSKET 0605', 'B T3 INF_H_MUSKET 0606'], orders=['A: move A1 0507'], expect=['ok 1', 'at A1 0507']))
case('FLG-TC-128', '''# FLG-TC-128 (FLG-6.5, FLG-T10, FLG-P-12, FLG-P-26): a wall on the hexside 0201|0301, protecting 0301: infantry crossing into
# the protected hex pays +1 (INF_L_MUSKET cannot go 0101 → 0301, can go 0201 → 0301); crossing out it stops right after;
# artillery cannot cross.''',
     corridor(['A A1 INF_L_MUSKET 0101 activated', 'A A2 INF_L_MUSKET 0501 activated'], ['A: move A1 0301', 'A: move A1 0201', 'A: move A2 0301'], ['rejected 1 cannot-reach FLG-3.5', 'ok 2', 'ok 3'], edges={'wall': '0201|0301'}, params={'protected': '0301'}),
     corridor(['A A1 INF_L_MUSKET 0301 activated'], ['A: move A1 0101'], ['rejected 1 cannot-reach FLG-3.5', 'legal A move A1 0201'], edges={'wall': '0201|0301'}, params={'protected': '0301'}),
     corridor(['A A2 ART_H_VL 0201 activated'], ['A: move A2 0301'], ['rejected 1 cannot-reach FLG-3.5'], edges={'wall': '0201|0301'}, params={'protected': '0301'}))
case('FLG-TC-129', '''# FLG-TC-129 (FLG-T10, FLG-P-12): sand: CAM_L moves 3 hexes through it; CAV_L stops on the first sand hex.''',
     corridor(['A A1 CAM_L 0101 activated', 'A A2 CAV_L 0901 activated'], ['A: move A1 0401', 'A: move A2 0701', 'A: move A2 0801'], ['ok 1', 'rejected 2 cannot-reach FLG-3.5', 'ok 3'], terrain={'sand': '0201 0301 0401 0601 0701 0801'}))

# ---- 7.12 Command and officers
def cmdpos(units, officers, orders, expect, **kw):
    v = dict(active='A', phase='command', units=units, officers=officers, orders=orders, expect=expect)
    v.update(kw)
    return v
nine = ['A U%d INF_H_MUSKET %s' % (i, c) for i, c in enumerate(['0101', '0102', '0103', '0104', '0105', '0106', '0107', '0108', '0109'], 1)]
case('FLG-TC-130', '''# FLG-TC-130 (FLG-2.2, FLG-2.3, FLG-T3, FLG-T5, FLG-2.4): an army of 9 units gets one activation of 3 units; a GC at
# (5,0)=0106 activates units up to 5 hexes away (0606), not 6 (0706); a SO only adjacent units.''',
     cmdpos(nine + ['A F5 INF_H_MUSKET 0606', 'A F6 INF_H_MUSKET 0706'], ['A GC GC 0106', 'A SO SO 0110'],
            ['A: activate GC F6', 'A: activate GC F5', 'A: activate SO U9', 'A: activate GC U1', 'A: activate GC U2', 'A: activate GC U3'],
            ['acts 9 3', 'rejected 1 out-of-range FLG-2.2', 'ok 2', 'rejected 3 no-activation FLG-2.3', 'ok 4', 'ok 5', 'rejected 6 activation-full FLG-2.3'], params={'initial-A': '9'}),
     cmdpos(nine, ['A GC GC 0106', 'A SO SO 0110'], ['A: activate SO U9', 'A: activate SO U1'], ['ok 1', 'rejected 2 out-of-range FLG-2.2'], params={'initial-A': '9'}))
case('FLG-TC-131', '''# FLG-TC-131 (FLG-T3, FLG-P-6, FLG-P-7, FLG-2.5): 12 units: one activation of 4; 16 units: two activations of 3, by two
# different officers.''',
     cmdpos(nine, ['A GC GC 0105', 'A SO SO 0104'], ['A: activate GC U1', 'A: activate GC U2', 'A: activate GC U3', 'A: activate GC U4', 'A: activate GC U5'],
            ['acts 12 4', 'ok 4', 'rejected 5 activation-full FLG-2.3'], params={'initial-A': '12'}),
     cmdpos(nine, ['A GC GC 0105', 'A SO SO 0104'], ['A: activate GC U1', 'A: activate GC U2', 'A: activate GC U6', 'A: activate GC U7', 'A: activate SO U3', 'A: activate SO U4', 'A: activate SO U5'],
            ['acts 16 3 3', 'ok 3', 'rejected 4 activation-full FLG-2.3', 'ok 5', 'ok 6', 'ok 7'], params={'initial-A': '16'}))
case('FLG-TC-132', '''# FLG-TC-132 (FLG-T12, FLG-P-28, FLG-T3): in a 9-unit army an officer B (Bon chef) activates 4 units, F (Faible) 2,
# M (Mauvais) 1 (never below 1).''',
     cmdpos(nine, ['A GC GC 0105 B'], ['A: activate GC U1', 'A: activate GC U2', 'A: activate GC U3', 'A: activate GC U4', 'A: activate GC U5'], ['ok 4', 'rejected 5 activation-full FLG-2.3'], params={'initial-A': '9'}),
     cmdpos(nine, ['A GC GC 0105 F'], ['A: activate GC U1', 'A: activate GC U2', 'A: activate GC U3'], ['ok 2', 'rejected 3 activation-full FLG-2.3'], params={'initial-A': '9'}),
     cmdpos(nine, ['A GC GC 0105 M'], ['A: activate GC U1', 'A: activate GC U2'], ['ok 1', 'rejected 2 activation-full FLG-2.3'], params={'initial-A': '9'}))
case('FLG-TC-134', '''# FLG-TC-134 (FLG-2.5, FLG-1.7): two officers, O1 then O2: once a unit of O2 has moved, O1's units may no longer move;
# combats follow the same order.''',
     cmdpos(nine, ['A O1 GC 0102', 'A O2 SO 0108'], ['A: activate O1 U1', 'A: activate O1 U2', 'A: activate O2 U8', 'A: end', 'A: move U8 0208', 'A: move U1 0201'],
            ['ok 5', 'rejected 6 officer-order FLG-2.5'], params={'initial-A': '16'}),
     cmdpos(nine, ['A O1 GC 0102', 'A O2 SO 0108'], ['A: activate O1 U1', 'A: activate O2 U8', 'A: end', 'A: move U1 0201', 'A: move U8 0208'],
            ['ok 4', 'ok 5'], params={'initial-A': '16'}))
case('FLG-TC-145', '''# FLG-TC-145 (FLG-4.31, FLG-2.21, FLG-T16): a unit with 2 officers that is also supported ignores 3 flags; artillery with
# 1 officer, supported, ignores 3.''',
     dict(melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG FLAG ART ART ART', ['combat 1 morale=3 ignored=3 retreat=0', 'at S1 0508'], more=def_friends), officers=['A O1 SO 0508', 'A O2 SG 0508']),
     dict(melee(('INF_H_MUSKET',), ('ART_F_L',), 'FLAG FLAG FLAG INF INF INF', ['combat 1 morale=3 ignored=3 retreat=0', 'at S1 0508'], more=def_friends), officers=['A O1 SO 0508']))
case('FLG-TC-148', '''# FLG-TC-148 (FLG-T8, FLG-TC-148): Peu fiable (B4): the post-activation die FLAG: the unit does not move (it may fight); TA:
# its MA is doubled (INF_L_MUSKET 4); INF: normal.''',
     cmdpos(['A U1 INF_L_MUSKET 0101 B4', 'B T1 INF_H_MUSKET 0201'], ['A GC GC 0101'], ['A: activate GC U1', 'A: end', 'A: move U1 0102', 'A: end', 'A: attack U1 T1'], ['rejected 3 cannot-reach FLG-3.5', 'ok 5'], dice='FLAG ART ART'),
     cmdpos(['A U1 INF_L_MUSKET 0101 B4'], ['A GC GC 0101'], ['A: activate GC U1', 'A: end', 'A: move U1 0105'], ['ok 3'], dice='TA'),
     cmdpos(['A U1 INF_L_MUSKET 0101 B4'], ['A GC GC 0101'], ['A: activate GC U1', 'A: end', 'A: move U1 0105', 'A: move U1 0103'], ['rejected 3 cannot-reach FLG-3.5', 'ok 4'], dice='INF'))
case('FLG-TC-149', '''# FLG-TC-149 (FLG-T13): staff letter D: the confirmation die FLAG limits the unit to 1 hex and no combat.''',
     cmdpos(['A U1 INF_L_MUSKET 0101', 'B T1 INF_H_MUSKET 0103'], ['A GC GC 0101 D'], ['A: activate GC U1', 'A: end', 'A: move U1 0103', 'A: move U1 0102', 'A: end', 'A: attack U1 T1'],
            ['rejected 3 cannot-reach FLG-3.5', 'ok 4', 'rejected 6 no-combat FLG-4.21'], dice='FLAG'))

# ---- 7.13 Characters in flight and the loss of the GC
case('FLG-TC-150', '''# FLG-TC-150 (FLG-4.81, FLG-4.80): a SO's unit is destroyed and an adjacent hex holds a friendly unit: the SO moves there;
# with none, the SO is removed.''',
     dict(melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART', ['gone S1', 'officer SO 0407'], more=['A G1 INF_H_MUSKET 0407'], params={'initial-A': '15'}), officers=['A SO SO 0508']),
     dict(melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART', ['gone S1', 'officer SO gone'], more=['A G1 INF_H_MUSKET 0307'], params={'initial-A': '15'}), officers=['A SO SO 0508']))
case('FLG-TC-151', '''# FLG-TC-151 (FLG-4.81): a GC's unit is destroyed; the nearest friendly unit is 2 hexes away (0307) by a path avoiding the
# enemy: the GC moves there; when the only ways cross enemy units, the GC is removed.''',
     dict(melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART', ['officer GC 0307'], more=['A G1 INF_H_MUSKET 0307'], params={'initial-A': '15'}), officers=['A GC GC 0508']),
     dict(melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART', ['officer GC gone'], more=['A G1 INF_H_MUSKET 0307', 'B X1 INF_H_MUSKET 0407', 'B X2 INF_H_MUSKET 0408', 'B X3 INF_H_MUSKET 0507', 'B X4 INF_H_MUSKET 0607', 'B X5 INF_H_MUSKET 0509'], params={'initial-A': '15'}), officers=['A GC GC 0508']))
case('FLG-TC-152', '''# FLG-TC-152 (FLG-4.81): an officer alone in a hex (0102) is entered by a moving enemy unit: the officer flees first (to its
# friendly unit at 0103), then the enemy goes on.''',
     dict(active='B', phase='move', units=['B N1 CAV_L 0101 activated', 'A S1 INF_H_MUSKET 0104'], officers=['A SO SO 0103'], orders=['B: move N1 0103'], expect=['ok 1', 'at N1 0103', 'officer SO 0104']))
case('FLG-TC-153', '''# FLG-TC-153 (FLG-4.83, FLG-P-24, FLG-1.7): side A's GC is removed in B's turn; A's next turn is skipped but for putting the
# GC back in its SG's hex (the SG leaves play); B then plays again.''',
     dict(melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART', ['officer GC 0104', 'officer SG gone', 'phase 2 command B', 'legal B end'], more=['A G1 INF_H_MUSKET 0104'], params={'initial-A': '15'},
              orders=['B: attack N1 S1', 'B: end', 'A: place SG']), officers=['A GC GC 0508', 'A SG SG 0104']))

# ---- 7.14 Support
case('FLG-TC-160', '''# FLG-TC-160 (FLG-1.4, FLG-P-5): X at (5,4) with friends at (4,4) and (5,3): supported; with only (4,4): not.''',
     dpos(['A X INF_H_MUSKET 0508', 'A G1 INF_H_MUSKET 0507', 'A G2 INF_H_MUSKET 0407', 'B E INF_H_MUSKET 0608'], ['supported X E attacking yes']),
     dpos(['A X INF_H_MUSKET 0508', 'A G1 INF_H_MUSKET 0507', 'B E INF_H_MUSKET 0608'], ['supported X E attacking no']))
case('FLG-TC-161', '''# FLG-TC-161 (FLG-1.4a, FLG-4.31): infantry in a habitation with no friend, fired at: supported, so it ignores a flag.''',
     dict(active='B', units=[art('ART_F_H', '0809'), 'A S1 INF_H_MUSKET 0508'], terrain={'town': '0508'}, orders=['B: attack N1 S1'], dice='FLAG CAV', expect=['combat 1 dice=2 ignored=1 retreat=0', 'supported S1 N1 attacked yes']))
case('FLG-TC-162', '''# FLG-TC-162 (FLG-1.4b, FLG-1.4): CAV_M in a forest with 2 adjacent friends attacking: not supported; its infantry
# neighbour in the open counts the cavalry toward its own support.''',
     dpos(['A C INF_H_MUSKET 0508', 'A X CAV_M 0507', 'A G1 INF_H_MUSKET 0407', 'B E INF_H_MUSKET 0506', 'B E2 INF_H_MUSKET 0608'], ['supported X E attacking no', 'supported C E2 attacking yes'], terrain={'forest': '0507'}))
case('FLG-TC-163', '''# FLG-TC-163 (FLG-1.4c, FLG-4.60, FLG-T9): infantry in a forest with no friend attacked by CAV_L: supported, so it ripostes;
# its TA against the cavalry in the riposte reads the infantry row: a hit.''',
     melee(('CAV_L',), ('INF_H_MUSKET',), 'ART ART TA ART', ['combat 2 riposte=yes ta=hit hits=1', 'stands N1 2'], terrain={'forest': '0508'}))
case('FLG-TC-164', '''# FLG-TC-164 (FLG-1.4d, FLG-4.21): ART_F_L on a road in a forest hex next to 2 friends: not supported, gives its friends no
# support, and cannot fight.''',
     dict(active='A', units=['A X ART_F_L 0508 activated', 'A G1 INF_H_MUSKET 0507', 'A G2 INF_H_MUSKET 0407', 'B E INF_H_MUSKET 0608'], terrain={'forest': '0508'}, links={'road': ['0407 0508 0509']},
          orders=['A: attack X E'], expect=['supported X E attacking no', 'supported G1 E attacking no', 'rejected 1 no-combat FLG-4.21']))

# ---- 7.15 Victory
def win(lostA, level):
    return dict(active='A', units=['A A1 INF_H_MUSKET 0508 activated', 'B T1 INF_H_MUSKET 0608 stands=1'], params={'initial-A': '15', 'initial-B': '15', 'lost-A': str(lostA), 'lost-B': '4'},
                orders=['A: attack A1 T1'], dice='INF ART ART', expect=['outcome A', 'level ' + level, 'threshold B 5'])
case('FLG-TC-170', '''# FLG-TC-170 (FLG-5.2, FLG-5.3, FLG-T15, FLG-5.1): both armies start with 15 units: the threshold is 5. B reaches 5 losses
# while A has 4: A wins a marginal victory (20 %); 5 against 3: average (40 %); 5 against 2: decisive (60 %).''',
     win(4, 'marginal'), win(3, 'average'), win(2, 'decisive'))
case('FLG-TC-171', '''# FLG-TC-171 [DERIVED] (FLG-P-25, FLG-5.2): 14 initial units give a threshold of 5, 9 give 3.''',
     dpos(['A A1 INF_H_MUSKET 0508'], ['threshold A 5', 'threshold B 3'], params={'initial-A': '14', 'initial-B': '9'}))
case('FLG-TC-172', '''# FLG-TC-172 [DERIVED] (FLG-P-25, FLG-5.2): the attacker destroys the defender, which takes B to its threshold; the riposte
# that would have taken A to its own cannot happen: the game ends at once.''',
     dict(active='A', units=['A A1 INF_H_MUSKET 0508 activated stands=1', 'B T1 INF_H_MUSKET 0608 stands=1'], params={'initial-A': '15', 'initial-B': '15', 'lost-A': '4', 'lost-B': '4'},
          orders=['A: attack A1 T1'], dice='INF ART ART', expect=['outcome A', 'event combat 1', 'at A1 0508']))

# ---- 7.16 Terrain and linear obstacles
case('FLG-TC-180', '''# FLG-TC-180 (FLG-4.22, FLG-3.9, FLG-T16): wagon-borne INF_L_MUSKET that did not move in its last movement phase is attacked
# by CAV_H (4 dice): 2 dice, no TA, and it ignores 1 flag.''',
     melee(('CAV_H',), ('INF_L_MUSKET', 'mount=wagon'), 'TA FLAG', ['combat 1 dice=2 ta=miss morale=1 ignored=1 retreat=0']))
case('FLG-TC-181', '''# FLG-TC-181 (FLG-6.5, FLG-T10, FLG-T16, FLG-P-26): unsupported infantry behind a fortification hexside attacked through it
# by CAV_H: 2 dice; FLAG, FLAG: both ignored, no retreat; TA, INF: the TA is a miss and 1 hit; the fortification makes it
# supported for its riposte, so it ripostes.''',
     melee(('CAV_H',), ('INF_H_MUSKET',), 'FLAG FLAG ART ART ART', ['combat 1 dice=2 ignored=2 retreat=0', 'combat 2 riposte=yes'], edges={'fortification': '0608|0508'}, params={'protected': '0508'}),
     melee(('CAV_H',), ('INF_H_MUSKET',), 'TA INF ART ART ART', ['combat 1 dice=2 ta=miss hits=1', 'combat 2 riposte=yes'], edges={'fortification': '0608|0508'}, params={'protected': '0508'}))
case('FLG-TC-182', '''# FLG-TC-182 (FLG-6.5, FLG-P-26): the same unit attacked through a hexside without the obstacle: normal dice and no ignore.''',
     dict(melee(('CAV_H',), ('INF_H_MUSKET',), 'FLAG FLAG ART ART', ['combat 1 dice=4 ignored=0 retreat=2'], edges={'fortification': '0607|0508'}, params={'protected': '0508'})))
case('FLG-TC-183', '''# FLG-TC-183 (FLG-T10): a ford: attacking a unit standing in a ford uses normal dice; a unit in a ford attacking out of it
# has max 2.''',
     dpos(['A A1 CAV_H 0507', 'B T1 INF_H_MUSKET 0508', 'B T2 CAV_H 0509', 'A A2 INF_H_MUSKET 0609'], ['dice A1 T1 4', 'dice T2 A2 2'], terrain={'ford': '0508 0509'}))

# ---- 7.12 Officers (continued)
case('FLG-TC-126', '''# FLG-TC-126 (FLG-3.6, FLG-2.15, FLG-T5): an officer activated alone moves 3 hexes through forest and marsh with no stop,
# but cannot enter a lake.''',
     dict(active='A', phase='command', width=9, height=1, units=['A U1 INF_H_MUSKET 0901'], officers=['A GC GC 0901', 'A SO SO 0101'], terrain={'forest': '0201', 'marsh': '0301', 'lake': '0501'},
          orders=['A: activate GC SO', 'A: end', 'A: move SO 0501', 'A: move SO 0401'], expect=['ok 1', 'rejected 3 cannot-reach FLG-2.15', 'ok 4', 'officer SO 0401']))
case('FLG-TC-133', '''# FLG-TC-133 (FLG-2.15, FLG-P-10, FLG-2.3): activating an SO alone, 10 hexes from the GC, uses 1 of the GC's 3 slots and
# is legal anywhere on the battlefield.''',
     cmdpos(nine, ['A GC GC 0101', 'A SO SO 0811'], ['A: activate GC SO', 'A: activate GC U1', 'A: activate GC U2', 'A: activate GC U3'], ['ok 1', 'ok 3', 'rejected 4 activation-full FLG-2.3'], params={'initial-A': '9'}))
case('FLG-TC-140', '''# FLG-TC-140 (FLG-2.22, AMB-40): an officer in the first rank: INF_H_MUSKET attacks with 4 dice; the unit then takes 2
# losses from the riposte, so the officer rolls 2 wound dice TA, INF: it is removed.''',
     dict(melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'ART ART ART ART INF INF ART TA INF', ['combat 1 dice=4', 'combat 2 riposte=yes hits=2', 'stands N1 1', 'officer SO gone', 'event wounds'], more=def_friends, orders=['B: attack N1 S1 SO']), officers=['B SO SO 0608']))
case('FLG-TC-141', '''# FLG-TC-141 (FLG-2.22, FLG-T5): the General-in-Chief with an engaged unit may not fight in the first rank.''',
     dict(melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), '', ['rejected 1 gc-first-rank FLG-2.22'], orders=['B: attack N1 S1 GC']), officers=['B GC GC 0608']))
case('FLG-TC-142', '''# FLG-TC-142 (FLG-2.23, FLG-P-11, FLG-4.50): a defender with a SO breaks off before the roll (its owner's standing order):
# CAV_M rolls INF, FLAG, TA: 1 loss (INF), the flag and the TA are ignored, no wound test; the unit withdraws toward its
# edge, at most its allowance (2 hexes); CAV_M may follow up.''',
     dict(melee(('CAV_M',), ('INF_H_MUSKET', 'activated'), 'INF FLAG TA', ['combat 1 hits=1 losses=1 made=2 morale=0', 'stands S1 2', 'at S1 0307', 'officer SO 0307', 'pending follow-up B', 'no-event wounds'], orders=['A: standing S1 breakoff', 'B: attack N1 S1']), officers=['A SO SO 0508']))
case('FLG-TC-143', '''# FLG-TC-143 (FLG-2.24, FLG-P-10): rally: an activated SO with a unit that started with 3 stands and has 1, which fought no
# melee and has no enemy adjacent: dice INF, TA: +1 stand; with the GC: +2; never above 3.''',
     dict(active='A', units=['A U1 INF_H_MUSKET 0508 activated stands=1'], officers=['A SO SO 0508'], orders=['A: rally SO'], dice='INF TA', expect=['stands U1 2', 'event rallied']),
     dict(active='A', units=['A U1 INF_H_MUSKET 0508 activated stands=1'], officers=['A GC GC 0508'], orders=['A: rally GC'], dice='INF TA', expect=['stands U1 3']),
     dict(active='A', units=['A U1 INF_H_MUSKET 0508 activated stands=2'], officers=['A GC GC 0508'], orders=['A: rally GC'], dice='TA', expect=['stands U1 3']))
case('FLG-TC-144', '''# FLG-TC-144 (FLG-2.24): a rally is refused with an enemy adjacent, or when the unit (or the officer) fought a melee this
# turn.''',
     dict(active='A', units=['A U1 INF_H_MUSKET 0508 activated stands=1', 'B E1 INF_H_MUSKET 0608'], officers=['A SO SO 0508'], orders=['A: rally SO'], expect=['rejected 1 enemy-adjacent FLG-2.24']),
     dict(active='A', units=['A U1 INF_H_MUSKET 0508 activated stands=2', 'B E1 INF_H_MUSKET 0608 stands=1'], officers=['A SO SO 0508'], params={'initial-B': '15'}, orders=['A: attack U1 E1', 'A: rally SO'], dice='INF ART ART', expect=['gone E1', 'rejected 2 in-melee FLG-2.24']))
case('FLG-TC-146', '''# FLG-TC-146 (FLG-T8, FLG-2.23): a Rompre (C6) INF_L_MUSKET attacked in melee by CAV_M evades (its owner's standing order):
# INF, INF, FLAG: 2 losses, and it withdraws up to 2 hexes.''',
     melee(('CAV_M',), ('INF_L_MUSKET', 'C6'), 'INF INF FLAG', ['combat 1 hits=2 losses=2 made=2', 'stands S1 1', 'at S1 0307'], orders=['A: standing S1 evade', 'B: attack N1 S1']))
case('FLG-TC-147', '''# FLG-TC-147 (FLG-T8, FLG-P-14): Esquive (D3): the defender takes 1 hit and turns it into 3 morale hits (its owner's standing
# order): 0 stands lost and 3 flags (2 hexes for 3 flags less 1 ignored, supported).''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET', 'D3'), 'INF ART ART', ['combat 1 hits=0 morale=3 ignored=1 retreat=2 losses=0', 'stands S1 3'], orders=['A: standing S1 dodge', 'B: attack N1 S1'], more=def_friends))
case('FLG-TC-154', '''# FLG-TC-154 (FLG-4.82, FLG-T8): a Tireur élite (C4) attacker targets infantry with a SO: the separate die (the first)
# shows INF and the loss is taken by the SO: the SO is removed and the stands are intact.''',
     dict(melee(('INF_H_MUSKET', 'C4'), ('INF_H_MUSKET',), 'INF ART ART', ['officer SO gone', 'stands S1 3', 'combat 1 hits=0']), officers=['A SO SO 0508']))

# ---- 7.12 Messengers
case('FLG-TC-135', '''# FLG-TC-135 (FLG-2.11, FLG-P-8, FLG-2.10): an improvised messenger is dispatched (1 slot of the GC's activation) and moves
# 3 hexes; its end-of-move die TA: lost; FLAG: it goes on (next turn).''',
     cmdpos(nine, ['A GC GC 0101'], ['A: messenger GC', 'A: end', 'A: move M1 0401'], ['ok 1', 'ok 3', 'event carried', 'gone M1'], dice='TA', params={'initial-A': '9'}),
     cmdpos(nine, ['A GC GC 0101'], ['A: messenger GC', 'A: activate GC U1', 'A: activate GC U2', 'A: activate GC U3', 'A: end', 'A: move M1 0401'], ['rejected 4 activation-full FLG-2.3', 'at M1 0401'], dice='FLAG', params={'initial-A': '9'}))
case('FLG-TC-136', '''# FLG-TC-136 (FLG-2.13, FLG-T5): an aide-de-camp in the GC's hex carries the order: it moves 5 hexes; end-of-move dice TA,
# INF: not lost; TA, TA: lost. Having delivered, it walks back from the next turn (5 hexes, no activation).''',
     cmdpos(nine, ['A GC GC 0101', 'A ADC1 ADC 0101'], ['A: messenger GC ADC1', 'A: end', 'A: move ADC1 0601'], ['officer ADC1 0601'], dice='TA INF', params={'initial-A': '9'}),
     cmdpos(nine, ['A GC GC 0101', 'A ADC1 ADC 0101'], ['A: messenger GC ADC1', 'A: end', 'A: move ADC1 0601'], ['officer ADC1 gone'], dice='TA TA', params={'initial-A': '9'}),
     cmdpos(nine, ['A GC GC 0101', 'A ADC1 ADC 0101'], ['A: messenger GC ADC1', 'A: end', 'A: move ADC1 0106', 'A: deliver ADC1 U7', 'A: move ADC1 0105', 'A: end', 'A: end', 'B: end', 'B: end', 'B: end', 'A: end', 'A: move ADC1 0102'],
            ['ok 4', 'rejected 5 not-activated FLG-2.15', 'ok 12', 'officer ADC1 0102'], dice='TA INF', params={'initial-A': '9'}))
case('FLG-TC-137', '''# FLG-TC-137 (FLG-2.11, AMB-29): an enemy unit enters the messenger's hex (0403): die INF: the messenger recoils to an
# adjacent hex toward its own side's edge (0303, the sender's default); TA: it is captured.''',
     cmdpos(['A U1 INF_H_MUSKET 0110', 'B N1 CAV_L 0603'], ['A GC GC 0103', 'B BG GC 0603'], ['A: messenger GC', 'A: end', 'A: move M1 0403', 'A: end', 'A: end', 'B: activate BG N1', 'B: end', 'B: move N1 0403'],
            ['ok 8', 'at N1 0403', 'at M1 0303'], dice='FLAG INF'),
     cmdpos(['A U1 INF_H_MUSKET 0110', 'B N1 CAV_L 0603'], ['A GC GC 0103', 'B BG GC 0603'], ['A: messenger GC', 'A: end', 'A: move M1 0403', 'A: end', 'A: end', 'B: activate BG N1', 'B: end', 'B: move N1 0403'],
            ['ok 8', 'gone M1'], dice='FLAG TA'))
case('FLG-TC-138', '''# FLG-TC-138 (FLG-2.14): an officer-messenger (the SO in the GC's hex) reaches unit U in the same turn: U is activated at once
# and may move and fight this turn.''',
     cmdpos(['A U INF_H_MUSKET 0106', 'B T1 INF_H_MUSKET 0307'], ['A GC GC 0101', 'A SO SO 0101'], ['A: messenger GC SO', 'A: end', 'A: move SO 0105', 'A: deliver SO U', 'A: move U 0206', 'A: end', 'A: attack U T1'],
            ['ok 4', 'activated U yes', 'ok 5', 'ok 7', 'officer SO 0206'], dice='INF INF ART ART ART'))
case('FLG-TC-139', '''# FLG-TC-139 (FLG-2.12, FLG-P-9): a messenger token reaches unit U in turn 1; in turn 2, U is activated in addition to the
# normal 3.''',
     cmdpos(nine[1:] + ['A U INF_H_MUSKET 0203'], ['A GC GC 0101'], ['A: messenger GC', 'A: end', 'A: move M1 0202', 'A: deliver M1 U', 'A: end', 'A: end', 'B: end', 'B: end', 'B: end', 'A: activate GC U2', 'A: activate GC U3', 'A: activate GC U4'],
            ['ok 4', 'phase 2 command A', 'activated U yes', 'ok 12', 'gone M1'], dice='FLAG', params={'initial-A': '9'}))

# ---- Rules without a worked example
case('FLG-P-27', '''# FLG-P-27 [DERIVED] (FLG-T8, FLG-P-27, AMB-36): an Impétueux (C1) unit rolls after its activation: FLAG (or TA) gives a free
# forced march, one hex more ending next to an enemy and keeping its combat (INF_L_MUSKET, MA 2, reaches 0104 next to the enemy
# at 0105 and attacks); INF gives none. Activated with an enemy adjacent, it must attack before the combat phase ends.''',
     cmdpos(['A U1 INF_L_MUSKET 0101 C1', 'B E1 INF_H_MUSKET 0105'], ['A GC GC 0101'], ['A: activate GC U1', 'A: impetuous U1', 'A: end', 'A: move U1 0104', 'A: end', 'A: attack U1 E1'], ['ok 4', 'ok 6', 'event impetus'], dice='FLAG ART ART'),
     cmdpos(['A U1 INF_L_MUSKET 0101 C1', 'B E1 INF_H_MUSKET 0105'], ['A GC GC 0101'], ['A: activate GC U1', 'A: impetuous U1', 'A: end', 'A: move U1 0104'], ['rejected 4 cannot-reach FLG-3.5'], dice='INF'),
     dict(active='A', units=['A U1 INF_L_MUSKET 0104 C1 activated', 'B E1 INF_H_MUSKET 0105'], orders=['A: end', 'A: attack U1 E1', 'A: end'], dice='ART ART', expect=['rejected 1 impetuous FLG-T8', 'ok 2', 'ok 3', 'not-legal A end']))
case('FLG-T8-A5', '''# FLG-T8-A5 [DERIVED] (FLG-T8, FLG-T13, AMB-10): an allied unit (A5) within 5 hexes of its own Sub-General obeys only it and its
# own officers: the GC may not activate it; beyond 5 hexes any officer may, but only to withdraw toward its edge and without
# combat. An allied general (staff letter A) commands only its own troops.''',
     cmdpos(['A A1 INF_H_MUSKET 0105 A5 sg=SG1', 'A U2 INF_H_MUSKET 0107'], ['A GC GC 0104', 'A SG1 SG 0106'], ['A: activate GC A1', 'A: activate SG1 A1'], ['rejected 1 allied FLG-T8', 'ok 2'], params={'initial-A': '16'}),
     cmdpos(['A A1 INF_H_MUSKET 0305 A5 sg=SG1', 'B E1 INF_H_MUSKET 0306'], ['A GC GC 0304', 'A SG1 SG 0901'], ['A: activate GC A1', 'A: end', 'A: move A1 0405', 'A: move A1 0205', 'A: end', 'A: attack A1 E1'],
            ['ok 1', 'rejected 3 cannot-reach FLG-3.5', 'ok 4', 'rejected 6 no-combat FLG-4.21']),
     cmdpos(['A A1 INF_H_MUSKET 0105 sg=SG1', 'A U2 INF_H_MUSKET 0107'], ['A GC GC 0104', 'A SG1 SG 0106 A'], ['A: activate SG1 U2', 'A: activate SG1 A1', 'A: activate GC A1'], ['rejected 1 allied FLG-T13', 'ok 2'], params={'initial-A': '16'}))
case('FLG-4.2', '''# FLG-4.2 [DERIVED] (FLG-2.1, FLG-4.1, FLG-4.2, FLG-4.3, FLG-4.4, FLG-4.20, FLG-1.6, FLG-3.2, FLG-3.1, FLG-3.4): only activated units move and attack; a unit
# fights once; it cannot "fight the void" or a friend; a unit never ends in an occupied hex and moves once.''',
     dict(active='A', phase='move', units=['A A1 INF_H_MUSKET 0508 activated', 'A A2 INF_H_MUSKET 0408', 'A A3 INF_L_MUSKET 0507 activated', 'B E1 INF_H_MUSKET 0608'],
          orders=['A: move A2 0308', 'A: move A3 0408', 'A: move A3 0506', 'A: move A3 0505', 'A: end', 'A: attack A2 E1', 'A: attack A1 A3', 'A: attack A1 E1', 'A: attack A1 E1'], dice='ART ART ART',
          expect=['rejected 1 not-activated FLG-2.1', 'rejected 2 cannot-reach FLG-3.5', 'ok 3', 'rejected 4 moved FLG-3.1', 'rejected 6 not-activated FLG-4.2', 'rejected 7 bad-target FLG-4.17', 'ok 8', 'rejected 9 fought FLG-4.3']))

case('FLG-T8-D5', '''# FLG-T8-D5 [DERIVED] (FLG-T8, FLG-4.51): Changeants (D5) cavalry that follows up may pursue 2 hexes: CAV_M destroys its
# target, follows up into 0508, and pursues 2 hexes (0307) to attack an enemy adjacent there (0206).''',
     melee(('CAV_M', 'D5'), ('INF_H_MUSKET', 'stands=1'), 'INF ART ART ART ART ART', ['ok 2', 'combat 2 target=S2', 'at N1 0307'], orders=['B: attack N1 S1', 'B: pursue N1 0307 S2'], more=['A S2 INF_H_MUSKET 0206'], params={'initial-A': '15'}))
case('FLG-A1.5', '''# FLG-A1.5 [DERIVED] (FLG-A1.5, FLG-A1.6, FLG-P-35, FLG-1.6): the private deployment: each side places its units and
# officers in its two columns nearest its edge (A: 01-02, B: 08-09), one unit a hex, artillery not in a forest off a road;
# "ready" only when all are placed; when both sides are ready the armies are revealed and side A's turn 1 begins.''',
     dict(phase='command', width=9, height=12, units=['A A1 INF_H_MUSKET -', 'A A2 ART_F_L -', 'B B1 CAV_L -'], officers=['A AG GC -', 'B BG GC -'], terrain={'forest': '0105'},
          orders=['A: deploy A1 0305', 'A: deploy A1 0205', 'A: deploy A2 0205', 'A: deploy A2 0105', 'A: ready', 'A: deploy A2 0106', 'A: deploy AG 0205', 'B: deploy B1 0905', 'A: ready', 'A: deploy A1 0204', 'B: deploy BG 0905', 'A: end', 'B: ready'],
          expect=['rejected 1 bad-deployment FLG-A1.5', 'rejected 3 bad-deployment FLG-1.6', 'rejected 4 bad-deployment FLG-A1.5', 'rejected 5 not-deployed FLG-A1.5', 'ok 9', 'rejected 10 ready FLG-P-35', 'rejected 12 wrong-phase FLG-A1.5', 'phase 1 command A', 'at A1 0205', 'at B1 0905', 'event readied 2']))
case('FLG-P-34', '''# FLG-P-34 [DERIVED] (FLG-P-34, FLG-A1.3, FLG-P-35): armies built by budget, in secret: an Élite INF_H_MUSKET with Panique
# costs 8 + 3 − 2 = 9; a Sub-General with B 6 + 3 = 9; nothing may pass the budget (here 20); "done" needs a unit; when both
# sides are done the deployment begins, with each army's size public (A 2 units, B 1).''',
     dict(phase='command', width=9, height=12, units=[], params={'army-A': 'budget', 'army-B': 'budget', 'budget': '20'}, officers=['A AGC1 GC -', 'B BGC1 GC -'],
          orders=['A: done', 'A: recruit INF_H_MUSKET elite A1', 'A: enlist SG B', 'A: recruit CAV_L', 'A: dismiss ASG1', 'A: recruit INF_L_MUSKET', 'A: done', 'B: recruit ELE_H', 'B: recruit ELE_H', 'B: done', 'A: deploy A1 0105'],
          expect=['rejected 1 empty-army FLG-P-34', 'ok 2', 'ok 3', 'rejected 4 over-budget FLG-P-34', 'ok 5', 'ok 6', 'ok 7', 'rejected 9 over-budget FLG-P-34', 'ok 10', 'ok 11', 'pending deploy A', 'event build-done 2', 'event built 5', 'stands A1 3']))
case('FLG-P-36', '''# FLG-P-36 [DERIVED] (FLG-P-36, FLG-5.1): victory by objectives: a side holds its objectives when its units stand in all of
# them at the end of its turn; holding them at the end of two of its turns in a row (a full turn) wins. With "objectives"
# alone, demoralisation does not end the game.''',
     dict(active='A', phase='combat', units=['A A1 INF_H_MUSKET 0508', 'B B1 INF_H_MUSKET 0808'], params={'victory': 'objectives', 'objectives-A': '0508', 'initial-A': '1', 'lost-A': '5'},
          orders=['A: end', 'B: end', 'B: end', 'B: end', 'A: end', 'A: end', 'A: end'], expect=['event held 1', 'outcome A', 'phase 2 combat A']))
case('FLG-3.11', '''# FLG-3.11 [DERIVED] (FLG-3.11): a reinforcement enters from a hex just outside the table, on its turn: it must be activated
# (before turn 2 it may not be), by an officer within range of its entry hex (0105); the entry hex is the first hex of its
# move (INF_L_MUSKET, MA 2: 0105 then 0205, not 0305). A Sub-General off the table with them activates them from there,
# need not enter, and may enter alone (its entry hex the first of its 3 hexes).''',
     dict(active='A', phase='command', units=['A A1 INF_H_MUSKET 0103', 'A R1 INF_L_MUSKET off enter=2@0105', 'B B1 INF_H_MUSKET 0908'], officers=['A GC GC 0103', 'B BG GC 0908'],
          orders=['A: activate GC R1', 'A: end', 'A: end', 'A: end', 'B: end', 'B: end', 'B: end', 'A: activate GC R1', 'A: end', 'A: move R1 0305', 'A: move R1 0205'],
          expect=['rejected 1 not-yet FLG-3.11', 'ok 8', 'rejected 10 cannot-reach FLG-3.5', 'ok 11', 'at R1 0205']),
     dict(active='A', phase='command', units=['A A1 INF_H_MUSKET 0903', 'A R1 INF_L_MUSKET off enter=2@0105', 'B B1 INF_H_MUSKET 0908'], officers=['A GC GC 0903', 'A SG SG off enter=2@0105', 'B BG GC 0908'],
          orders=['A: activate SG R1', 'A: end', 'A: end', 'A: end', 'B: end', 'B: end', 'B: end', 'A: activate SG R1', 'A: activate SG SG', 'A: end', 'A: move R1 0205', 'A: move SG 0104'],
          expect=['rejected 1 not-yet FLG-3.11', 'ok 8', 'ok 9', 'ok 11', 'ok 12', 'officer SG 0104']))
case('FLG-A1.6', '''# FLG-A1.6 [DERIVED] (FLG-A1.6, FLG-P-35, FLG-A1.7): the other deployments. Alternating (option deployment=alternating): units
# are placed in the open, 3 at a time, the first player first; officers at any time. Slips of paper (deployment=slips):
# one decoy per 4 units at most, only in that mode; the decoys vanish at the reveal.''',
     dict(phase='command', width=9, height=12, options='deployment=alternating',
          units=['A A%d INF_H_MUSKET -' % i for i in range(1, 5)] + ['B B1 CAV_L -'], officers=['A AG GC -', 'B BG GC -'],
          orders=['B: deploy B1 0905', 'A: deploy A1 0101', 'A: deploy A2 0102', 'A: deploy A3 0103', 'A: deploy A4 0104', 'B: deploy BG 0905', 'B: deploy B1 0905', 'A: deploy A4 0104', 'A: deploy AG 0101', 'A: ready', 'B: ready'],
          expect=['rejected 1 not-your-turn FLG-A1.6', 'rejected 5 not-your-turn FLG-A1.6', 'ok 6', 'ok 7', 'ok 8', 'phase 1 command A', 'event deployed 7']),
     dict(phase='command', width=9, height=12, options='deployment=slips',
          units=['A A%d INF_H_MUSKET -' % i for i in range(1, 5)] + ['B B1 CAV_L -'], officers=['A AG GC -', 'B BG GC -'],
          orders=['A: decoy 0106', 'A: decoy 0107', 'B: decoy 0905', 'A: deploy A1 0106', 'A: deploy A1 0101', 'A: deploy A2 0102', 'A: deploy A3 0103', 'A: deploy A4 0104', 'A: deploy AG 0101', 'B: deploy B1 0905', 'B: deploy BG 0905', 'A: ready', 'B: ready'],
          expect=['ok 1', 'rejected 2 too-many-decoys FLG-A1.6', 'rejected 3 too-many-decoys FLG-A1.6', 'rejected 4 bad-deployment FLG-1.6', 'ok 13', 'phase 1 command A']),
     dict(phase='command', width=9, height=12, units=['A A1 INF_H_MUSKET -'], officers=['A AG GC -'], orders=['A: decoy 0106'], expect=['rejected 1 no-decoys FLG-A1.6']))
case('FLG-A1.4', '''# FLG-A1.4 [DERIVED] (FLG-A1.4, FLG-P-35): side A placed the terrain (param terrain-by = A): side B chooses its edge and the
# first player before anything else; it takes the west edge and plays first: it deploys in columns 01-02, A in 08-09, and
# after the deployment side B's turn 1 begins.''',
     dict(phase='command', width=9, height=12, params={'terrain-by': 'A'}, units=['A A1 INF_H_MUSKET -', 'B B1 CAV_L -'], officers=['A AG GC -', 'B BG GC -'],
          orders=['B: deploy B1 0105', 'A: edge east A', 'B: edge west B', 'B: deploy B1 0905', 'B: deploy B1 0105', 'B: deploy BG 0105', 'A: deploy A1 0905', 'A: deploy AG 0905', 'A: ready', 'B: ready'],
          expect=['rejected 1 wrong-phase FLG-A1.4', 'rejected 2 not-your-turn FLG-A1.4', 'ok 3', 'rejected 4 bad-deployment FLG-A1.5', 'ok 5', 'ok 7', 'phase 1 command B', 'event edge 1']))

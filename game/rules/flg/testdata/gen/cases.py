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
case('FLG-TC-030', '''# FLG-TC-030 (ex. A/B) (FLG-4.30, FLG-4.31, FLG-4.32, FLG-4.40, FLG-P-20, FLG-T17, FLG-4.50, FLG-T11): S INF_H_MUSKET
# at (5,4)=0508 attacked by N infantry at (5,5)=0608. One flag: it retreats 1 hex to (5,3)=0407 or (6,3)=0408
# (0407 by the default tie-break); two flags: 2 hexes, to (5,2)=0307. Trained infantry on level ground does not follow up.''',
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG CAV ART', ['combat 1 dice=3 hits=0 morale=1 ignored=0 retreat=1 made=1 losses=0', 'at S1 ' + R1, 'at N1 ' + N, 'no-pending', 'no-event followed']),
     melee(('INF_H_MUSKET',), ('INF_H_MUSKET',), 'FLAG FLAG CAV', ['combat 1 retreat=2 made=2 losses=0', 'at S1 ' + lab(5, 2)]),
)

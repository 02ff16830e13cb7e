# Writes the case files from compact specs (cases.py). Kept beside the
# cases so that a position is easy to read and to vary; the .txtar files
# are the test data.
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FACE = {'INF': 1, 'CAV': 2, 'ART': 3, 'FLAG': 4, 'TA': 6, 'X': 5}

def lab(q, r):
    X = r; Y = q + (r - (r & 1)) // 2
    return "%02d%02d" % (X + 1, Y + 1)

def position(v):
    out = ['id = "t"', 'ruleset = "flg"', 'turns = 99', '[map]', 'grid = "hex"', 'base = 1',
           'width = %d' % v.get('width', 9), 'height = %d' % v.get('height', 16)]
    if v.get('terrain'):
        out.append('[map.terrain]')
        for k, val in v['terrain'].items():
            out.append('%s = "%s"' % (k, val))
    if v.get('levels'):
        out.append('[map.levels]')
        for k, val in v['levels'].items():
            out.append('%s = "%s"' % (k, val))
    if v.get('edges'):
        out.append('[map.edges]')
        for k, val in v['edges'].items():
            out.append('%s = "%s"' % (k, val))
    if v.get('links'):
        out.append('[map.links]')
        for k, val in v['links'].items():
            out.append('%s = [%s]' % (k, ", ".join('"%s"' % x for x in val)))
    out += ['[start]', 'turn = 1', 'phase = "%s"' % v.get('phase', 'combat')]
    out.append('[params]')
    if v.get('active'):
        out.append('active = "%s"' % v['active'])
    for k, val in v.get('params', {}).items():
        out.append('%s = "%s"' % (k, val))
    out.append('units = """')
    out += v['units']
    out.append('"""')
    if v.get('officers'):
        out.append('officers = """')
        out += v['officers']
        out.append('"""')
    return "\n".join(out) + "\n"

def dice(faces):
    return " ".join(str(FACE[f]) if f in FACE else f for f in faces.split())

def write(name, header, variants):
    parts = [header.rstrip() + "\n"]
    for i, v in enumerate(variants):
        sfx = "" if i == 0 else str(i + 1)
        parts.append("-- position%s.toml --\n%s" % (sfx, position(v)))
        if v.get('options'):
            parts.append("-- options%s --\n%s\n" % (sfx, v['options']))
        parts.append("-- orders%s --\n%s\n" % (sfx, "\n".join(v.get('orders', []))))
        parts.append("-- dice%s --\n%s\n" % (sfx, dice(v.get('dice', ''))))
        parts.append("-- expect%s --\n%s\n" % (sfx, "\n".join(v['expect'])))
    with open(os.path.join(HERE, '..', 'cases', name + '.txtar'), 'w') as f:
        f.write("".join(parts))

if __name__ == '__main__':
    sys.path.insert(0, HERE)
    import cases
    for c in cases.CASES:
        write(*c)

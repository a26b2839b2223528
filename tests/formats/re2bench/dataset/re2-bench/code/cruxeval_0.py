def f(xs):
    out = []
    for x in xs:
        if x % 2:
            out.append(x * 2)
    return out

def f(d):
    try:
        return d["k"]
    except KeyError:
        return None

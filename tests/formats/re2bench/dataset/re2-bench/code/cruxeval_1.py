def f(words):
    n = 0
    for w in words:
        n += len(w)
    return n

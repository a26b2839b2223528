def f(k):
    s = []
    for i in range(k):
        s.append(i)
    return s

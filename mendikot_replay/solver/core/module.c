/*
 * mendikot_replay.solver._ddcore: the Python module over the plain interface (ddcore.h).
 * It turns Python's state tuples into mr_state (see _ddcore.pyi), lets go of the
 * interpreter while a core searches, and turns the moves back into lists.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "ddcore.h"

typedef struct {
    PyObject_HEAD mr_core core;
} CoreObject;

static int parse_state(const mr_core *c, PyObject *arg, mr_state *s) {
    PyObject *hands, *table, *tricks, *tens;
    PyObject *hidden;
    int leader, trump, cut, pile_tricks, pile_tens, streak;
    memset(s, 0, sizeof *s);
    if (!PyArg_ParseTuple(arg, "OiOiiOOiiiO", &hands, &leader, &table, &trump, &cut, &tricks,
                          &tens, &pile_tricks, &pile_tens, &streak, &hidden))
        return -1;
    s->hidden_holder = -1;
    if (hidden != Py_None) {
        int holder, suit, rank, version_b;
        if (!PyArg_ParseTuple(hidden, "iiip", &holder, &suit, &rank, &version_b)) return -1;
        if (holder < 0 || holder >= c->players || suit < 0 || suit > 3 || rank < 0 ||
            rank > 12) {
            PyErr_SetString(PyExc_ValueError, "bad face-down trump");
            return -1;
        }
        s->hidden_holder = (int8_t)holder;
        s->hidden_suit = (int8_t)suit;
        s->hidden_rank = (int8_t)rank;
        s->hidden_b = (int8_t)version_b;
    }
    PyObject *hs = PySequence_Fast(hands, "hands must be a sequence");
    if (!hs) return -1;
    if (PySequence_Fast_GET_SIZE(hs) != c->players) {
        Py_DECREF(hs);
        PyErr_SetString(PyExc_ValueError, "one hand per seat is needed");
        return -1;
    }
    for (int p = 0; p < c->players; p++) {
        PyObject *suits = PySequence_Fast(PySequence_Fast_GET_ITEM(hs, p), "a hand is 4 masks");
        if (!suits) {
            Py_DECREF(hs);
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(suits) != 4) {
            Py_DECREF(suits);
            Py_DECREF(hs);
            PyErr_SetString(PyExc_ValueError, "a hand is 4 rank masks");
            return -1;
        }
        for (int suit = 0; suit < 4; suit++) {
            long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(suits, suit));
            if (m < 0 || m >= (1 << 13)) {
                Py_DECREF(suits);
                Py_DECREF(hs);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad rank mask");
                return -1;
            }
            s->hand[p][suit] = (uint16_t)m;
        }
        Py_DECREF(suits);
    }
    Py_DECREF(hs);
    PyObject *ts = PySequence_Fast(table, "table must be a sequence");
    if (!ts) return -1;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(ts);
    if (nt >= c->players) {
        Py_DECREF(ts);
        PyErr_SetString(PyExc_ValueError, "too many cards on the table");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nt; i++) {
        int suit, rank, is_trump;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(ts, i), "iii", &suit, &rank, &is_trump)) {
            Py_DECREF(ts);
            return -1;
        }
        s->tsuit[i] = (int8_t)suit;
        s->trank[i] = (int8_t)rank;
        s->ttrump[i] = (int8_t)is_trump;
    }
    Py_DECREF(ts);
    s->ntable = (int8_t)nt;
    int k0, k1, t0, t1;
    if (!PyArg_ParseTuple(tricks, "ii", &k0, &k1)) return -1;
    if (!PyArg_ParseTuple(tens, "ii", &t0, &t1)) return -1;
    if (leader < -128 || leader > 127 || trump < -128 || trump > 127) {
        PyErr_SetString(PyExc_ValueError, "bad leader or trump");
        return -1;
    }
    s->leader = (int8_t)leader;
    s->trump = (int8_t)trump;
    s->cut_pending = (int8_t)cut;
    s->tricks[0] = (int8_t)k0;
    s->tricks[1] = (int8_t)k1;
    s->tens[0] = (int8_t)t0;
    s->tens[1] = (int8_t)t1;
    s->pile_tricks = (int8_t)pile_tricks;
    s->pile_tens = (int8_t)pile_tens;
    s->streak_seat = (int8_t)streak;
    const char *why = NULL;
    if (mr_state_ready(c, s, &why) != MR_OK) {
        PyErr_SetString(PyExc_ValueError, why);
        return -1;
    }
    return 0;
}

static PyObject *Core_search(CoreObject *self, PyObject *args) {
    PyObject *st;
    int alpha, beta;
    mr_state s;
    if (!PyArg_ParseTuple(args, "Oii", &st, &alpha, &beta)) return NULL;
    if (parse_state(&self->core, st, &s) < 0) return NULL;
    int v;
    Py_BEGIN_ALLOW_THREADS v = mr_search(&self->core, &s, alpha, beta);
    Py_END_ALLOW_THREADS return PyLong_FromLong(v);
}

static PyObject *Core_value(CoreObject *self, PyObject *args) {
    PyObject *st;
    int guess = 0;
    mr_state s;
    if (!PyArg_ParseTuple(args, "O|i", &st, &guess)) return NULL;
    if (parse_state(&self->core, st, &s) < 0) return NULL;
    int v;
    Py_BEGIN_ALLOW_THREADS v = mr_value(&self->core, &s, guess);
    Py_END_ALLOW_THREADS return PyLong_FromLong(v);
}

/* The moves as Python's [(suit, rank index, ask, value)]. */
static PyObject *move_list(const mr_move_value *moves, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *item =
            Py_BuildValue("(iiii)", moves[i].suit, moves[i].rank, moves[i].ask, moves[i].value);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

/* Every legal move of the seat to move with its exact value: [(suit, rank, ask, value)] (ask:
 * version B, the card played asking for the face-down trump). */
static PyObject *Core_score(CoreObject *self, PyObject *args) {
    PyObject *st;
    mr_state s;
    mr_move_value moves[MR_MAX_MOVES];
    if (!PyArg_ParseTuple(args, "O", &st)) return NULL;
    if (parse_state(&self->core, st, &s) < 0) return NULL;
    int n;
    Py_BEGIN_ALLOW_THREADS n = mr_score(&self->core, &s, moves);
    Py_END_ALLOW_THREADS return move_list(moves, n);
}

/* children(state, alpha, beta, asks=True) -> [(suit, rank index, ask, value)]: every legal
 * move (without the asks when `asks` is false) with its child's fail-soft null-window value. */
static PyObject *Core_children(CoreObject *self, PyObject *args) {
    PyObject *st;
    int alpha, beta, asks = 1;
    mr_state s;
    mr_move_value moves[MR_MAX_MOVES];
    if (!PyArg_ParseTuple(args, "Oii|p", &st, &alpha, &beta, &asks)) return NULL;
    if (parse_state(&self->core, st, &s) < 0) return NULL;
    int n;
    Py_BEGIN_ALLOW_THREADS n = mr_children(&self->core, &s, alpha, beta, asks, moves);
    Py_END_ALLOW_THREADS return move_list(moves, n);
}

static PyObject *Core_clear(CoreObject *self, PyObject *Py_UNUSED(ignored)) {
    mr_core_clear(&self->core);
    Py_RETURN_NONE;
}

static PyObject *Core_get_nodes(CoreObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->core.nodes);
}

static PyObject *Core_get_trick_nodes(CoreObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->core.trick_nodes);
}

static PyObject *Core_get_expanded(CoreObject *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->core.expanded);
}

static int Core_init(CoreObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"players", "total_tricks", "dehla", "must_trump", "objective",
                             "table_bits", "split", "streak", "closed", "tie", NULL};
    int players, total, dehla, must, objective, bits = 20, split = -1, streak = 0, closed = 0,
        tie = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iippi|iipip", kwlist, &players, &total,
                                     &dehla, &must, &objective, &bits, &split, &streak, &closed,
                                     &tie))
        return -1;
    if (closed < 0 || closed > 31) {
        PyErr_SetString(PyExc_ValueError, "closed is a sum of MR_CLOSED_* bits (0 to 31)");
        return -1;
    }
    if (split < -1 || split > 1) {
        PyErr_SetString(PyExc_ValueError, "split is -1 (none), 0 (A/C) or 1 (B/D)");
        return -1;
    }
    if (players != 4 && players != 6 && players != 8) {
        PyErr_SetString(PyExc_ValueError, "4, 6 or 8 players");
        return -1;
    }
    int status = mr_core_init(&self->core, players, total, dehla, must, objective, bits);
    if (status == MR_BAD_RULES) {
        PyErr_SetString(PyExc_ValueError, "bad objective, table size or trick count");
        return -1;
    }
    if (status == MR_NO_MEMORY) {
        PyErr_NoMemory();
        return -1;
    }
    mr_core_split(&self->core, split);
    mr_core_streak(&self->core, streak);
    mr_core_closed(&self->core, closed);
    mr_core_tie(&self->core, tie);
    return 0;
}

static void Core_dealloc(CoreObject *self) {
    mr_core_release(&self->core);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Core_methods[] = {
    {"search", (PyCFunction)Core_search, METH_VARARGS,
     "search(state, alpha, beta) -> value (fail-soft alpha-beta, A/C's side)"},
    {"value", (PyCFunction)Core_value, METH_VARARGS, "value(state, guess=0) -> exact value"},
    {"score", (PyCFunction)Core_score, METH_VARARGS,
     "score(state) -> [(suit, rank index, ask, value)] for every legal move"},
    {"children", (PyCFunction)Core_children, METH_VARARGS,
     "children(state, alpha, beta, asks=True) -> [(suit, rank index, ask, value)]: every "
     "legal move's null-window search over (alpha, beta), fail-soft"},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "forget the transposition table"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "positions searched so far", NULL},
    {"trick_nodes", (getter)Core_get_trick_nodes, NULL,
     "positions searched so far at the start of a trick (what DDS counts)", NULL},
    {"expanded", (getter)Core_get_expanded, NULL,
     "of those, the ones neither the bounds nor the table settled (their cards were tried)",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "mendikot_replay._ddcore.Core",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_doc = "Double-dummy search for one rule set and objective, with its own table.",
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ddcore",
                                    "Compiled double-dummy search (see solver/search.py).", -1,
                                    NULL};

PyMODINIT_FUNC PyInit__ddcore(void) {
    mr_init_tables();
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

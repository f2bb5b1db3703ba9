/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The studies' runners as Python sees them (declared in bindings/study-py.h, used by
// bindings/study-py.cc): run_<name>_study is a Python function around its pybind11
// implementation carrying the study's real signature (keyword-only, every parameter with its
// default, a Time under both keywords), a docstring generated from the declarations (one line
// per parameter, the result's fields with their units) and its result's type,
// <Name>StudyResult, a TypedDict of the module (and <Name>StudyRow for a study with rows).
#include "study-py.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/uinteger.h"

#include <cctype>
#include <pybind11/eval.h>
#include <stdexcept>
#include <string>

namespace py = pybind11;

namespace
{

using namespace ns3;
using namespace chronometry_py::study;

/**
 * \param name a study name ("relation-graph")
 * \return it in CamelCase ("RelationGraph"), the start of its result types' names
 */
std::string
CamelCase(const std::string& name)
{
    std::string camel;
    bool upper = true;
    for (char c : name)
    {
        if (!std::isalnum(static_cast<unsigned char>(c)))
        {
            upper = true;
            continue;
        }
        camel += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return camel;
}

/**
 * \param type a field type
 * \return its Python type (int, float, bool, str)
 */
py::object
PythonType(StudyFieldType type)
{
    py::module_ builtins = py::module_::import("builtins");
    switch (type)
    {
    case StudyFieldType::INTEGER:
    case StudyFieldType::UNSIGNED:
        return builtins.attr("int");
    case StudyFieldType::REAL:
        return builtins.attr("float");
    case StudyFieldType::BOOLEAN:
        return builtins.attr("bool");
    case StudyFieldType::TEXT:
        break;
    }
    return builtins.attr("str");
}

/**
 * \param type a field type
 * \return its Python type's name
 */
std::string
PythonTypeName(StudyFieldType type)
{
    return py::str(PythonType(type).attr("__name__"));
}

/**
 * \param t a type
 * \return typing.Optional[t]
 */
py::object
Optional(py::handle t)
{
    return py::module_::import("typing").attr("Optional")[t];
}

/**
 * A TypedDict of the module (typing.TypedDict, __module__ chronometry).
 * \param m the module
 * \param name its name
 * \param fields field name -> type
 * \param doc its docstring
 * \return the class, also set as m.<name>
 */
py::object
TypedDict(py::module_& m, const std::string& name, const py::dict& fields, const std::string& doc)
{
    py::object type = py::module_::import("typing").attr("TypedDict")(name, fields);
    type.attr("__module__") = "chronometry";
    type.attr("__doc__") = doc;
    if (py::hasattr(m, name.c_str()))
    {
        throw std::logic_error("chronometry." + name + " is taken: two studies' result types");
    }
    m.attr(name.c_str()) = type;
    return type;
}

/**
 * \param schema a record's schema
 * \param into field name -> Optional[its Python type] (a value is None when it does not apply
 *        to the run)
 */
void
AddFieldTypes(const StudySchema& schema, py::dict& into)
{
    for (std::size_t i = 0; i < schema.GetN(); ++i)
    {
        into[py::str(schema.Get(i).name)] = Optional(PythonType(schema.Get(i).type));
    }
}

/**
 * \param f a result field
 * \return its line in a docstring: "name: type, unit -- help"
 */
std::string
FieldLine(const StudyField& f)
{
    return f.name + ": " + PythonTypeName(f.type) + (f.unit.empty() ? "" : ", " + f.unit) +
           (f.key ? " (key)" : "") + " -- " + f.help;
}

/**
 * \param d a study
 * \param p one of its parameters
 * \return its entry in run_<name>_study's numpydoc Parameters section: "keyword(s) : type,
 *         default" and, indented, its help, range and unit, the parameters it applies with
 */
std::string
ParameterLine(const StudyDescription& d, const StudyParameter& p)
{
    TypeId::AttributeInformation info = d.GetAttributeInformation(p);
    std::string range = d.GetRange(p);
    std::string unit = d.GetUnit(p);
    std::string line =
        p.time ? UnitKeyword(p) + ", " + p.keyword + " : time ('8us', a timedelta) or int ns"
               : p.keyword + " : " + PythonTypeName(p.type);
    std::string initial = py::repr(DefaultOf(d, p));
    line += p.time ? ", default " + d.GetDefaultText(p) + " (" + p.keyword + "=" + initial + ")"
                   : ", default " + initial;
    const bool stop = !info.help.empty() && info.help.back() == '.';
    line += "\n    " + info.help + (stop || info.help.empty() ? "" : ".");
    if (!range.empty())
    {
        line += " Range " + range + ".";
    }
    if (!unit.empty() && !p.time)
    {
        line += " Unit " + unit + ".";
    }
    if (!p.condition.empty())
    {
        std::string values;
        for (const auto& v : p.conditionValues)
        {
            values += (values.empty() ? "" : " or ") + v;
        }
        line +=
            " (applies when " + StudyDescription::SnakeCase(p.condition) + " is " + values + ")";
    }
    return line;
}

/**
 * \param d a study
 * \param resultType the name of its result's TypedDict
 * \return run_<name>_study's docstring, generated from the declarations: the study, one line
 *         per parameter, the result's fields
 */
std::string
StudyDoc(const StudyDescription& d, const std::string& resultType)
{
    const std::string& help = d.GetHelp();
    const bool stop = !help.empty() && help.back() == '.';
    // numpydoc: the summary, Parameters, Returns (the fields listed in its description), Raises.
    std::string doc = "run_study('" + d.GetName() + "', **parameters): " + help +
                      (stop ? "\n\n" : ".\n\n") +
                      "Every parameter is keyword-only, with its default; a time is given as "
                      "delay='8us', a datetime.timedelta or a numpy.timedelta64, or as "
                      "delay_ns=<int nanoseconds>.\n\n"
                      "Parameters\n----------\n"
                      "rows : bool or None, default None\n"
                      "    Include the rows (None: when they are the CSV's lines).\n";
    for (const auto& p : d.GetParameters())
    {
        doc += ParameterLine(d, p) + "\n";
    }
    doc += "\nReturns\n-------\n" + resultType +
           "\n    A dict: every parameter above (a time as its _ns int of nanoseconds), then the "
           "results (None where one does not apply to the run):\n\n";
    const StudySchema& summary = *d.GetSummarySchema();
    for (std::size_t i = 0; i < summary.GetN(); ++i)
    {
        doc += "    " + FieldLine(summary.Get(i)) + "\n";
    }
    if (d.GetRowSchema())
    {
        doc += "    " + d.GetRowsName() + ": list of dicts, one per row (" +
               (d.GetRowsInCsv() ? "always" : "with rows=True") + "):\n";
        const StudySchema& rows = *d.GetRowSchema();
        for (std::size_t i = 0; i < rows.GetN(); ++i)
        {
            doc += "      " + FieldLine(rows.Get(i)) + "\n";
        }
    }
    doc += d.GetRowsInCsv()
               ? "    csv_rows: str -- the CSV lines the C++ programs write for these parameters\n"
               : "    csv_row: str -- the CSV line the C++ programs write for these parameters\n";
    doc += "\nRaises\n------\nValueError\n    An unknown keyword (naming the closest ones), "
           "both keywords of a time, a time without a unit, or a value out of range or against "
           "the study's checks across parameters, naming the keyword and what is valid.\n"
           "TypeError\n    A value of the wrong type, naming the keyword.\n";
    return doc;
}

/**
 * The types of a study's result: <Name>StudyResult (and <Name>StudyRow for a study with rows),
 * TypedDicts of the module.
 * \param m the module
 * \param d a study
 * \return the result's TypedDict
 */
py::object
ResultType(py::module_& m, const StudyDescription& d)
{
    py::module_ typing = py::module_::import("typing");
    const std::string camel = CamelCase(d.GetName());
    py::dict fields;
    const StudySchema& parameters = *d.GetParameterSchema();
    for (std::size_t i = 0; i < parameters.GetN(); ++i)
    {
        fields[py::str(parameters.Get(i).name)] = PythonType(parameters.Get(i).type);
    }
    AddFieldTypes(*d.GetSummarySchema(), fields);
    if (d.GetRowSchema())
    {
        py::dict rowFields;
        AddFieldTypes(*d.GetRowSchema(), rowFields);
        py::object row = TypedDict(m,
                                   camel + "StudyRow",
                                   rowFields,
                                   "One of the " + d.GetRowsName() + " of run_" +
                                       Identifier(d.GetName()) + "_study's result.");
        py::object list = typing.attr("List")[row];
        fields[py::str(d.GetRowsName())] =
            d.GetRowsInCsv() ? list : py::object(typing.attr("NotRequired")[list]);
    }
    fields[py::str(d.GetRowsInCsv() ? "csv_rows" : "csv_row")] =
        py::module_::import("builtins").attr("str");
    return TypedDict(m,
                     camel + "StudyResult",
                     fields,
                     "What run_" + Identifier(d.GetName()) + "_study returns (run_study('" +
                         d.GetName() +
                         "')): every parameter, the results (None where one does "
                         "not apply), the CSV line(s).");
}

/**
 * \param d a study
 * \param result its result's TypedDict
 * \return the signature of run_<name>_study: keyword-only, rows then every parameter with its
 *         default (a Time twice: "delay", with its unit, default None, and "delay_ns")
 */
py::object
StudySignature(const StudyDescription& d, py::handle result)
{
    py::module_ inspect = py::module_::import("inspect");
    py::object parameter = inspect.attr("Parameter");
    py::object keywordOnly = parameter.attr("KEYWORD_ONLY");
    // As text (a postponed annotation): numpy is not imported to name its type.
    py::str timeWithUnit("Optional[Union[str, datetime.timedelta, numpy.timedelta64]]");
    py::list parameters;
    parameters.append(
        parameter("rows",
                  keywordOnly,
                  py::arg("default") = py::none(),
                  py::arg("annotation") = Optional(PythonType(StudyFieldType::BOOLEAN))));
    for (const auto& p : d.GetParameters())
    {
        if (p.time)
        {
            parameters.append(parameter(UnitKeyword(p),
                                        keywordOnly,
                                        py::arg("default") = py::none(),
                                        py::arg("annotation") = timeWithUnit));
        }
        StudyFieldType type = p.time ? StudyFieldType::INTEGER : p.type; // a Time: int ns
        parameters.append(parameter(p.keyword,
                                    keywordOnly,
                                    py::arg("default") = DefaultOf(d, p),
                                    py::arg("annotation") = PythonType(type)));
    }
    return inspect.attr("Signature")(parameters, py::arg("return_annotation") = result);
}

/**
 * The Python function that carries a study runner's signature and docstring around its pybind11
 * implementation: it passes every keyword on (so an unknown one still gets the implementation's
 * ValueError), except a Time's unit keyword given as None (the signature's default, "not
 * given").
 * \return signed(impl, name, signature, doc, unit_keywords) -> the function
 */
py::object
WrapperFactory()
{
    py::dict scope;
    scope["__builtins__"] = py::reinterpret_borrow<py::object>(PyEval_GetBuiltins());
    py::exec(R"(
def signed(impl, name, signature, doc, unit_keywords):
    def wrapper(*args, **kwargs):
        for keyword in unit_keywords:
            if keyword in kwargs and kwargs[keyword] is None:
                del kwargs[keyword]
        return impl(*args, **kwargs)
    wrapper.__name__ = wrapper.__qualname__ = name
    wrapper.__module__ = "chronometry"
    wrapper.__doc__ = doc
    wrapper.__signature__ = signature
    wrapper.__wrapped__ = impl
    return wrapper
)",
             scope);
    return scope["signed"];
}
} // namespace

namespace chronometry_py
{
namespace study
{

using namespace ns3;

py::object
DefaultOf(const StudyDescription& d, const StudyParameter& p)
{
    TypeId::AttributeInformation info = d.GetAttributeInformation(p);
    const AttributeValue& initial = *info.initialValue;
    if (const auto* t = dynamic_cast<const TimeValue*>(&initial))
    {
        return py::int_(t->Get().GetNanoSeconds());
    }
    if (const auto* u = dynamic_cast<const UintegerValue*>(&initial))
    {
        return py::int_(u->Get());
    }
    if (const auto* r = dynamic_cast<const DoubleValue*>(&initial))
    {
        return py::float_(r->Get());
    }
    if (const auto* b = dynamic_cast<const BooleanValue*>(&initial))
    {
        return py::bool_(b->Get());
    }
    return py::str(d.FormatValue(p, initial));
}

std::string
Identifier(const std::string& name)
{
    std::string id;
    for (char c : name)
    {
        id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    }
    return id;
}

py::object
SignedRunner(py::module_& m, const StudyDescription& d, const py::cpp_function& impl)
{
    py::object result = ResultType(m, d);
    py::list unitKeywords;
    for (const auto& p : d.GetParameters())
    {
        if (p.time)
        {
            unitKeywords.append(UnitKeyword(p));
        }
    }
    return WrapperFactory()(impl,
                            "run_" + Identifier(d.GetName()) + "_study",
                            StudySignature(d, result),
                            StudyDoc(d, py::str(result.attr("__name__"))),
                            unitKeywords);
}

} // namespace study
} // namespace chronometry_py

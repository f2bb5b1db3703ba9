/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_RECORD_H
#define STUDY_RECORD_H

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

/**
 * \file
 * \ingroup chronometry
 * The named records a study produces: a StudySchema (ordered, typed fields with units) and a
 * StudyRecord (one value per field).  A field is declared once, in the study's declaration; the
 * CSV header and cells, the Python dict and the C++ accessors all come from the schema.
 */

namespace ns3
{

/** \ingroup chronometry The kinds of value a study field holds. */
enum class StudyFieldType
{
    INTEGER,  //!< signed 64-bit integer (times in ns, signed counts)
    UNSIGNED, //!< unsigned 64-bit integer (counts)
    REAL,     //!< double
    BOOLEAN,  //!< 0 or 1 in CSV, bool in Python
    TEXT      //!< a string
};

/**
 * \param type a field type
 * \return its name: "integer", "unsigned", "real", "boolean" or "text"
 */
std::string StudyFieldTypeName(StudyFieldType type);

/** \ingroup chronometry One field of a study record. */
struct StudyField
{
    std::string name;    //!< snake_case name with its unit suffix: the CSV column and Python key
    StudyFieldType type; //!< value type
    std::string unit;    //!< unit of the value ("us", "bits"); empty for counts and ratios
    std::string help;    //!< what the field measures
    bool key{false};     //!< identifies a row among the rows of one run (e.g. method, interval)
    bool csv{true};      //!< a column of the CSV (Python and C++ see every field)
    bool quoted{false};  //!< text written between double quotes in the CSV
};

/**
 * \ingroup chronometry
 * An ordered list of fields, declared with a chain of adders:
 * \code
 *   StudySchema().Unsigned("events", "", "events logged").Real("theta_mean", "", "...")
 * \endcode
 * A name may appear once; a second declaration of the same name is a configuration error.
 */
class StudySchema
{
  public:
    /**
     * \param name field name (snake_case, with its unit suffix, e.g. "delay_mean_us")
     * \param unit unit of the value, "" if none
     * \param help what it measures
     * \return this schema
     */
    StudySchema& Integer(const std::string& name, const std::string& unit, const std::string& help);
    /** \copydoc Integer */
    StudySchema& Unsigned(const std::string& name,
                          const std::string& unit,
                          const std::string& help);
    /** \copydoc Integer */
    StudySchema& Real(const std::string& name, const std::string& unit, const std::string& help);
    /**
     * \param name field name
     * \param help what it states
     * \return this schema
     */
    StudySchema& Boolean(const std::string& name, const std::string& help);
    /** \copydoc Boolean */
    StudySchema& Text(const std::string& name, const std::string& help);

    /** \return this schema, its last field marked as a key of its row */
    StudySchema& Key();
    /** \return this schema, its last field left out of the CSV */
    StudySchema& NotInCsv();
    /** \return this schema, its last field (text) quoted in the CSV */
    StudySchema& Quoted();

    /** \return the number of fields */
    std::size_t GetN() const;
    /**
     * \param i index
     * \return the field
     */
    const StudyField& Get(std::size_t i) const;
    /**
     * \param name a field name
     * \return its index, or -1 if the schema has no such field
     */
    int64_t Find(const std::string& name) const;
    /** \return the names of every field, comma-separated (for messages) */
    std::string ListNames() const;
    /** \return the CSV columns (fields with csv set), in order */
    std::vector<std::string> CsvColumns() const;

  private:
    /**
     * \param name name \param type type \param unit unit \param help help
     * \return this schema
     */
    StudySchema& Add(const std::string& name,
                     StudyFieldType type,
                     const std::string& unit,
                     const std::string& help);
    /** \return the last field (aborts if none) */
    StudyField& Last();

    std::vector<StudyField> m_fields; //!< the fields, in order
};

/**
 * One value of a record; std::monostate is "not applicable" (a protocol's field in a run of
 * another protocol, a statistic over nothing): an empty CSV cell, None in Python, NaN when
 * read as a real number, never a 0 that reads as a measurement.
 */
using StudyValue = std::variant<int64_t, uint64_t, double, bool, std::string, std::monostate>;

/**
 * \ingroup chronometry
 * One value per field of a schema, zero (or empty) until set.  Values are set and read by
 * field name; a name the schema lacks, or a value of the wrong kind (text for a number, a
 * negative number for an unsigned field), aborts with the field's name and the schema's.
 */
class StudyRecord
{
  public:
    /** An empty record (no schema). */
    StudyRecord() = default;
    /** \param schema the fields */
    explicit StudyRecord(std::shared_ptr<const StudySchema> schema);

    /** \return the schema */
    const StudySchema& GetSchema() const;

    /**
     * \param field a field name
     * \param value its value: any arithmetic type for numbers and booleans, a string for text
     */
    template <typename T>
    void Set(const std::string& field, const T& value);

    /**
     * \param field a field name
     * \return its value as T (any arithmetic type for a number or a boolean, std::string for
     *         text)
     */
    template <typename T>
    T Get(const std::string& field) const;

    /**
     * \param field a field name
     * \return whether the schema has it
     */
    bool Has(const std::string& field) const;

    /**
     * Mark a field "not applicable" in this record (until it is set): its CSV cell is empty,
     * its Python value None, a real read of it NaN; reading it as an integer aborts.
     * \param field a field name
     */
    void SetNotApplicable(const std::string& field);

    /**
     * \param field a field name
     * \return whether it is marked not applicable
     */
    bool IsNotApplicable(const std::string& field) const;

    /**
     * \param i field index
     * \return the value
     */
    const StudyValue& GetValue(std::size_t i) const;

    /**
     * \param i field index
     * \param precision significant digits of real numbers (an ostream's precision)
     * \return the value as a CSV cell
     */
    std::string FormatCell(std::size_t i, int precision) const;

    /**
     * \param i field index
     * \return the value as text for messages and consoles (reals with 6 digits)
     */
    std::string Format(std::size_t i) const;

  private:
    /**
     * \param field name
     * \return its index (aborts if the schema lacks it)
     */
    std::size_t IndexOf(const std::string& field) const;
    /** \param i index \param value a signed integer value to store */
    void SetSigned(std::size_t i, int64_t value);
    /** \param i index \param value an unsigned integer value to store */
    void SetUnsigned(std::size_t i, uint64_t value);
    /** \param i index \param value a real value to store */
    void SetReal(std::size_t i, double value);
    /** \param i index \param value a boolean to store */
    void SetBoolean(std::size_t i, bool value);
    /** \param i index \param value a text to store */
    void SetText(std::size_t i, const std::string& value);
    /** \param i index \return the value as a double (aborts for text) */
    double GetNumber(std::size_t i) const;
    /** \param i index \param what the asked kind \return never: aborts */
    [[noreturn]] void WrongKind(std::size_t i, const std::string& what) const;

    std::shared_ptr<const StudySchema> m_schema; //!< the fields
    std::vector<StudyValue> m_values;            //!< one per field
};

template <typename T>
void
StudyRecord::Set(const std::string& field, const T& value)
{
    std::size_t i = IndexOf(field);
    if constexpr (std::is_same_v<T, bool>)
    {
        SetBoolean(i, value);
    }
    else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    {
        SetSigned(i, static_cast<int64_t>(value));
    }
    else if constexpr (std::is_integral_v<T>)
    {
        SetUnsigned(i, static_cast<uint64_t>(value));
    }
    else if constexpr (std::is_floating_point_v<T>)
    {
        SetReal(i, static_cast<double>(value));
    }
    else
    {
        SetText(i, std::string(value));
    }
}

template <typename T>
T
StudyRecord::Get(const std::string& field) const
{
    std::size_t i = IndexOf(field);
    if constexpr (std::is_same_v<T, std::string>)
    {
        if (const auto* s = std::get_if<std::string>(&m_values[i]))
        {
            return *s;
        }
        WrongKind(i, "text");
    }
    else
    {
        static_assert(std::is_arithmetic_v<T>, "Get<T>: T is a number, bool or std::string");
        if (const auto* v = std::get_if<int64_t>(&m_values[i]))
        {
            return static_cast<T>(*v);
        }
        if (const auto* v = std::get_if<uint64_t>(&m_values[i]))
        {
            return static_cast<T>(*v);
        }
        if constexpr (!std::is_floating_point_v<T>)
        {
            if (std::holds_alternative<std::monostate>(m_values[i]))
            {
                WrongKind(i, "applicable in this run (it holds no value; read it as a real: NaN)");
            }
        }
        return static_cast<T>(GetNumber(i));
    }
}

} // namespace ns3

#endif /* STUDY_RECORD_H */

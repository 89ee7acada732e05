import NearbyCore

extension AppSettings {
    /// Which public holidays apply to a place: the `country` setting, else each place's own country; a
    /// `holidays_file` adds to them. Near a border, the country of the time zone decides.
    func holidayDirectory(zone: ZoneRules) throws(SettingsError) -> HolidayDirectory {
        var file: HolidayCalendarFile?
        var name = "holiday file"
        if let raw = holidaysFile {
            let path = FileSystem.expandingTilde(raw.value.trimmingSpaces())
            name = FileSystem.fileName(of: path)
            let data: [UInt8]
            do {
                data = try FileSystem.read(path, limit: 1 << 20)
            } catch {
                throw SettingsError("\(raw.origin): cannot read the holiday file \(TerminalText.quoted(path)).")
            }
            do {
                file = try HolidayCalendarFile(parsing: String(decoding: data, as: UTF8.self))
            } catch {
                throw SettingsError("\(raw.origin): \(TerminalText.quoted(path)) \(error.description).")
            }
        }
        return HolidayDirectory(country: country, file: file, fileName: name,
                                homeCountry: ZoneTable().entry(forZone: zone.identifier)?.country)
    }
}
